import type { ChallengeInfo, ChallengeItem, ScoreboardItem, ScoreboardModel } from '@flagpole/contract';
import { Anchor, Avatar, Badge, Drawer, Group, SimpleGrid, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowRight, IconCheck, IconDropletFilled } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BLOOD_COLORS, CATEGORY_STYLES } from './categories';
import { MemberProgressTable } from './member-progress-table';
import { TeamAdjustments } from './team-adjustments';

function SolveMark({ solve }: { solve: ChallengeItem }) {
  const { t } = useTranslation();
  if (solve.type === 'FirstBlood' || solve.type === 'SecondBlood' || solve.type === 'ThirdBlood') {
    return (
      <Group gap={4} wrap="nowrap">
        <IconDropletFilled size={16} color={BLOOD_COLORS[solve.type]} aria-hidden />
        <Text size="xs">{t(`scoreboard.team.${solve.type}`)}</Text>
      </Group>
    );
  }
  return (
    <IconCheck
      size={16}
      color={solve.type === 'Normal' ? 'var(--mantine-color-teal-5)' : 'var(--mantine-color-dimmed)'}
      aria-hidden
    />
  );
}

/**
 * One team's row opened: its standing, every solve (challenge, category, points, time, blood), newest first, its
 * awards and hint deductions (what for, points, time), and the way to the team's public page. On a phone this is where a team's solves are read.
 */
export function TeamSolvesDrawer({
  board,
  team,
  onClose,
  memberProgress = false,
  solo = false,
}: {
  board: ScoreboardModel;
  team: ScoreboardItem | null;
  onClose: () => void;
  /** The game shows each member's own solves and points (per-player progress). */
  memberProgress?: boolean;
  /** A solo game: the row is a player, whose public page is their personal team's (not linked). */
  solo?: boolean;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const challenges = useMemo(() => {
    const byId = new Map<number, ChallengeInfo>();
    for (const list of Object.values(board.challenges))
      for (const challenge of list ?? []) byId.set(challenge.id, challenge);
    return byId;
  }, [board.challenges]);
  const solves = useMemo(() => [...(team?.solvedChallenges ?? [])].sort((a, b) => b.time - a.time), [team]);
  const ranked = team !== null && team.rank > 0 && team.score > 0;

  return (
    <Drawer
      opened={team !== null}
      onClose={onClose}
      position={phone ? 'bottom' : 'right'}
      size={phone ? '85%' : 'md'}
      title={
        team && (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={team.avatar} alt="" radius="md" name={team.name} color="initials" />
            <div style={{ minWidth: 0 }}>
              <Text fw={700} truncate>
                {team.name}
              </Text>
              {team.bio && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {team.bio}
                </Text>
              )}
            </div>
          </Group>
        )
      }
    >
      {team && (
        <Stack gap="md">
          <SimpleGrid cols={3} spacing="xs">
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('scoreboard.table.rank')}
              </Text>
              <Text fw={800} size="lg">
                {ranked ? `#${team.rank}` : '—'}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('scoreboard.table.score')}
              </Text>
              <Text fw={800} size="lg">
                {team.score}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('scoreboard.table.solved')}
              </Text>
              <Text fw={800} size="lg">
                {team.solvedCount}/{board.challengeCount}
              </Text>
            </div>
          </SimpleGrid>
          {!solo && (
            <Anchor component={Link} to={`/teams/${team.id}`} size="sm">
              <Group gap={4} component="span">
                {t('scoreboard.team.page')}
                <IconArrowRight size={14} aria-hidden />
              </Group>
            </Anchor>
          )}
          {memberProgress && !solo && <MemberProgressTable team={team} />}
          {solves.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('scoreboard.team.noSolves')}
            </Text>
          ) : (
            <Table verticalSpacing={6} aria-label={t('scoreboard.team.solvesLabel', { team: team.name })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('scoreboard.team.challenge')}</Table.Th>
                  <Table.Th ta="right">{t('scoreboard.table.score')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {solves.map((solve) => {
                  const challenge = challenges.get(solve.id);
                  const style = challenge ? CATEGORY_STYLES[challenge.category] : null;
                  return (
                    <Table.Tr key={solve.id}>
                      <Table.Td>
                        <Stack gap={2}>
                          <Group gap={6} wrap="nowrap">
                            {style && (
                              <ThemeIcon size={20} variant="light" color={style.color} aria-hidden>
                                <style.icon size={12} />
                              </ThemeIcon>
                            )}
                            <Text size="sm" fw={500} lineClamp={1}>
                              {challenge?.title ?? `#${solve.id}`}
                            </Text>
                          </Group>
                          <Group gap="sm" wrap="wrap">
                            <SolveMark solve={solve} />
                            {memberProgress && !solo && solve.userName && (
                              <Text size="xs" c="dimmed">
                                {solve.userName}
                              </Text>
                            )}
                            <Text size="xs" c="dimmed" title={t('scoreboard.team.time')}>
                              {dayjs(solve.time).format('lll')}
                            </Text>
                          </Group>
                        </Stack>
                      </Table.Td>
                      <Table.Td ta="right">
                        {solve.type === 'Unaccepted' ? (
                          <Badge size="xs" variant="outline" color="gray">
                            0
                          </Badge>
                        ) : (
                          <Text size="sm" fw={600}>
                            {solve.score}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          {team.adjustments && team.adjustments.length > 0 && (
            <TeamAdjustments teamName={team.name} adjustments={team.adjustments} challenges={challenges} />
          )}
        </Stack>
      )}
    </Drawer>
  );
}
