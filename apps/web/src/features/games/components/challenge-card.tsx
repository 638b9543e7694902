import type { ChallengeInfo } from '@flagpole/contract';
import { Badge, Card, Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled, IconClockOff, IconDropletFilled, IconLock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { BLOOD_COLORS, BLOOD_ORDER, CATEGORY_STYLES } from './categories';
import classes from './challenge-card.module.css';

interface ChallengeCardProps {
  challenge: ChallengeInfo;
  solved: boolean;
  myTeamId: number | null;
  now: number;
  onOpen: (challenge: ChallengeInfo) => void;
  /** Titles of the listed challenges, by id: a locked card names those it requires that the team can see. */
  titles: ReadonlyMap<number, string>;
}

/** What a locked card asks for: the required challenges the team can see, and how many of them. */
function LockedNeeds({
  locked,
  titles,
}: {
  locked: NonNullable<ChallengeInfo['locked']>;
  titles: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  const names = locked.requires.flatMap((id) => titles.get(id) ?? []);
  const list = names.join(', ');
  const text =
    names.length === 0
      ? t('challenges.card.requiresUnknown')
      : locked.count >= locked.requires.length
        ? t('challenges.card.requiresAll', { list })
        : t('challenges.card.requiresAny', { count: locked.count, list });
  return (
    <Stack gap={4}>
      <Badge color="gray" variant="light" leftSection={<IconLock size={12} />} size="sm">
        {t('challenges.card.locked')}
      </Badge>
      <Text size="xs" c="dimmed" data-testid="locked-needs">
        {text}
      </Text>
    </Stack>
  );
}

export function ChallengeCard({ challenge, solved, myTeamId, now, onOpen, titles }: ChallengeCardProps) {
  const { t } = useTranslation();
  const style = CATEGORY_STYLES[challenge.category];
  const closed = challenge.deadline !== null && challenge.deadline <= now;

  return (
    <div
      className={classes.button}
      data-locked={challenge.locked ? true : undefined}
      data-solved={solved || undefined}
      data-closed={closed || undefined}
    >
      <Card
        withBorder
        padding="md"
        className={classes.card}
        style={{ '--category-color': `var(--mantine-color-${style.color}-filled)` }}
      >
        <style.icon className={classes.watermark} size={96} stroke={1.2} aria-hidden />
        <Stack gap={8} className={classes.content}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {/* The title is the button (its name is "Open challenge <title>", the words it shows); a layer of it
                covers the card, so a click anywhere opens the challenge while points, solves and bloods stay text
                a screen reader reads in order, outside the button's name. */}
            <UnstyledButton
              className={classes.open}
              // A locked challenge has no page for the team yet (the server refuses it): the card says what it needs.
              onClick={() => !challenge.locked && onOpen(challenge)}
              disabled={challenge.locked !== undefined}
              aria-label={t('challenges.card.open', { title: challenge.title })}
            >
              <Text fw={700} truncate title={challenge.title} span display="block">
                {challenge.title}
              </Text>
            </UnstyledButton>
            {solved && (
              <Tooltip label={t('challenges.card.solved')}>
                <IconCircleCheckFilled
                  size={22}
                  className={classes.solvedMark}
                  aria-label={t('challenges.card.solved')}
                  role="img"
                />
              </Tooltip>
            )}
          </Group>
          <div className={classes.divider} />
          <Group justify="space-between" align="flex-end" wrap="nowrap">
            <div>
              <Text size="xl" fw={800} lh={1.1}>
                {t('challenges.card.points', { count: challenge.score })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('challenges.card.solves', { count: challenge.solved })}
              </Text>
            </div>
            <Group gap={2} wrap="nowrap">
              {BLOOD_ORDER.map((type, index) => {
                const blood = challenge.bloods[index];
                const label = blood
                  ? t(`challenges.blood.${type}`, {
                      team: blood.name,
                      time: blood.submitTimeUtc ? dayjs(blood.submitTimeUtc).format('lll') : '',
                    })
                  : t(`challenges.blood.${type}Open`);
                return (
                  <Tooltip key={type} label={label} withArrow>
                    <span
                      className={classes.blood}
                      data-taken={blood ? true : undefined}
                      data-mine={blood && blood.id === myTeamId ? true : undefined}
                      style={{ color: blood ? BLOOD_COLORS[type] : undefined }}
                      role="img"
                      aria-label={label}
                    >
                      <IconDropletFilled size={18} />
                    </span>
                  </Tooltip>
                );
              })}
            </Group>
          </Group>
          {challenge.locked && <LockedNeeds locked={challenge.locked} titles={titles} />}
          {closed && (
            <Badge color="gray" variant="light" leftSection={<IconClockOff size={12} />} size="sm">
              {t('challenges.card.closed')}
            </Badge>
          )}
        </Stack>
      </Card>
    </div>
  );
}
