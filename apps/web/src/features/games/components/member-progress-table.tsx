import { memberProgress, type ScoreboardItem } from '@flagpole/contract';
import { Stack, Table, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Per-player progress inside a team (docs/game-play.md, "Per-player progress"): each member who solved something
 * for the team, with their solves and the points the board gives them. Read from the team's board row, so it is
 * the board players see (frozen during a freeze, per phase).
 */
export function MemberProgressTable({ team }: { team: ScoreboardItem }) {
  const { t } = useTranslation();
  const members = useMemo(() => memberProgress(team), [team]);
  if (members.length === 0) return null;
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {t('scoreboard.team.members')}
      </Title>
      <Table verticalSpacing={4} aria-label={t('scoreboard.team.membersLabel', { team: team.name })}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scoreboard.team.member')}</Table.Th>
            <Table.Th ta="right">{t('scoreboard.table.solved')}</Table.Th>
            <Table.Th ta="right">{t('scoreboard.table.score')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.userName}>
              <Table.Td>
                <Text size="sm" fw={500} lineClamp={1}>
                  {member.userName}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm">{member.solvedCount}</Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text size="sm" fw={600}>
                  {member.score}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
