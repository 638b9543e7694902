import { Badge, Group, ScrollArea, Text, Timeline } from '@mantine/core';
import { IconHourglassLow, IconRocket } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/section-card';
import { useEditChallenges } from '../api/get-challenges';
import { releaseTimeline } from '../release-timeline';

/** How often the past/future marks follow the clock while the page stays open. */
const REFRESH_MS = 15_000;

/**
 * The game's timed releases and deadlines in time order (docs/game-play.md, "Timed release"), so an organiser sees
 * at a glance what appears or closes next; each line links to the challenge's editor, where both are set.
 */
export function ReleaseTimelineCard({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { challenges } = useEditChallenges(gameId);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!challenges) return null;
  const entries = releaseTimeline(challenges, now);
  // A game without releases or deadlines keeps its settings page as it was.
  if (entries.length === 0) return null;
  const lastPast = entries.reduce((last, entry, index) => (entry.past ? index : last), -1);

  return (
    <SectionCard compact title={t('adminGames.timeline.title')} description={t('adminGames.timeline.hint')}>
      {/* A long event's list scrolls inside the card rather than pushing the settings down the page. */}
      <ScrollArea.Autosize mah={360} type="auto" offsetScrollbars>
        <Timeline active={lastPast} bulletSize={22} lineWidth={2} aria-label={t('adminGames.timeline.title')}>
          {entries.map((entry) => (
            <Timeline.Item
              key={`${entry.kind}-${entry.challengeId}`}
              bullet={entry.kind === 'release' ? <IconRocket size={13} /> : <IconHourglassLow size={13} />}
              title={
                <Group gap={6} wrap="wrap">
                  <Text
                    size="sm"
                    fw={600}
                    component={Link}
                    to={`/admin/games/${gameId}/challenges/${entry.challengeId}`}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {entry.title}
                  </Text>
                  <Badge size="xs" variant="light" color={entry.kind === 'release' ? 'violet' : 'orange'}>
                    {t(`adminGames.timeline.kind.${entry.kind}`)}
                  </Badge>
                  {!entry.enabled && entry.kind === 'release' && (
                    <Badge size="xs" variant="outline" color="gray">
                      {t('adminGames.timeline.disabled')}
                    </Badge>
                  )}
                </Group>
              }
            >
              <Text size="xs" c="dimmed">
                <time dateTime={new Date(entry.time).toISOString()}>
                  {dayjs(entry.time).format('YYYY-MM-DD HH:mm')}
                </time>
                {' · '}
                {dayjs(entry.time).from(now)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </ScrollArea.Autosize>
    </SectionCard>
  );
}
