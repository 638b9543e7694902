import type { ScoreboardItem } from '@flagpole/contract';
import {
  ActionIcon,
  Avatar,
  Card,
  CopyButton,
  Group,
  PasswordInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MemberProgressTable } from './member-progress-table';

interface TeamRankCardProps {
  item: ScoreboardItem | null;
  teamName: string | null;
  challengeCount: number;
  teamToken?: string;
  /** The team's division, if it has one: its rank inside it is shown too. */
  divisionName?: string | null;
  /** A solo game: the card is the player's own standing. */
  solo?: boolean;
  /** Per-player progress is on: each member's own solves and points under the team's. */
  memberProgress?: boolean;
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={800}>
        {value}
      </Text>
    </div>
  );
}

/** The player's own team: rank, score, solved count and (on the board) the team token. */
export function TeamRankCard({
  item,
  teamName,
  challengeCount,
  teamToken,
  divisionName,
  solo = false,
  memberProgress = false,
}: TeamRankCardProps) {
  const { t } = useTranslation();
  const name = item?.name ?? teamName ?? '';
  const solved = item?.solvedCount ?? 0;
  // A place before the first points means nothing (every new team would be "#1" on an empty board).
  const ranked = item !== null && item.rank > 0 && item.score > 0;
  const divisionRanked = item !== null && item.divisionRank !== null && item.divisionRank > 0 && item.score > 0;
  const inDivision = Boolean(divisionName) && item?.divisionId != null;

  return (
    <Card withBorder padding="md" component="section" aria-label={t('challenges.rank.heading')}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={item?.avatar ?? null} alt="" radius="md" color="initials" name={name} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed">
              {inDivision
                ? t('challenges.rank.headingDivision', { division: divisionName })
                : t(solo ? 'challenges.rank.headingSolo' : 'challenges.rank.heading')}
            </Text>
          </div>
        </Group>
        <SimpleGrid cols={inDivision ? 4 : 3} spacing="xs">
          <Stat label={t('challenges.rank.rank')} value={ranked && item ? `#${item.rank}` : '—'} />
          {inDivision && (
            <Stat
              label={t('challenges.rank.divisionRank')}
              value={divisionRanked && item ? `#${item.divisionRank}` : '—'}
            />
          )}
          <Stat label={t('challenges.rank.score')} value={String(item?.score ?? 0)} />
          <Stat label={t('challenges.rank.solved')} value={`${solved}/${challengeCount}`} />
        </SimpleGrid>
        <Progress
          value={challengeCount > 0 ? (solved / challengeCount) * 100 : 0}
          size="sm"
          aria-label={t('challenges.rank.progressLabel', { solved, count: challengeCount })}
        />
        {!ranked && !divisionRanked && (
          <Text size="xs" c="dimmed">
            {t('challenges.rank.notRanked')}
          </Text>
        )}
        {inDivision && divisionRanked && item?.rank === 0 && (
          <Text size="xs" c="dimmed">
            {t('challenges.rank.divisionOnly')}
          </Text>
        )}
        {memberProgress && !solo && item && <MemberProgressTable team={item} />}
        {teamToken && (
          <Group gap={4} align="flex-end" wrap="nowrap">
            <PasswordInput
              label={t('challenges.rank.token')}
              description={t('challenges.rank.tokenHelp')}
              value={teamToken}
              readOnly
              size="xs"
              style={{ flex: 1, minWidth: 0 }}
            />
            <CopyButton value={teamToken}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('challenges.rank.copied') : t('challenges.rank.copyToken')}>
                  <ActionIcon
                    variant="default"
                    size={30}
                    color={copied ? 'teal' : undefined}
                    onClick={copy}
                    aria-label={t('challenges.rank.copyToken')}
                  >
                    {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
