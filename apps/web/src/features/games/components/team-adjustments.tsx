import type { ChallengeInfo, ScoreAdjustment } from '@flagpole/contract';
import { Stack, Table, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

/** What an adjustment is for, in the team's words: the organiser's reason, or the hint's challenge. */
function AdjustmentReason({ adjustment, challenge }: { adjustment: ScoreAdjustment; challenge?: ChallengeInfo }) {
  const { t } = useTranslation();
  const title = challenge?.title ?? `#${adjustment.challengeId ?? 0}`;
  if (adjustment.kind === 'Award') {
    return (
      <Text size="sm" fw={500}>
        {adjustment.reason ?? t(adjustment.points < 0 ? 'scoreboard.team.penalty' : 'scoreboard.team.award')}
      </Text>
    );
  }
  return (
    <Text size="sm" fw={500}>
      {t(adjustment.kind === 'HintPoints' ? 'scoreboard.team.hintPoints' : 'scoreboard.team.hintShare', {
        challenge: title,
      })}
    </Text>
  );
}

/**
 * A team's awards, penalties and hint deductions (the board row's `adjustments`, already part of its score), newest
 * first: what each is for, its points and its time.
 */
export function TeamAdjustments({
  teamName,
  adjustments,
  challenges,
}: {
  teamName: string;
  adjustments: readonly ScoreAdjustment[];
  challenges: ReadonlyMap<number, ChallengeInfo>;
}) {
  const { t } = useTranslation();
  const newestFirst = [...adjustments].sort((a, b) => b.time - a.time);
  return (
    <Table verticalSpacing={6} aria-label={t('scoreboard.team.adjustmentsLabel', { team: teamName })}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('scoreboard.team.adjustments')}</Table.Th>
          <Table.Th ta="right">{t('scoreboard.table.score')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {newestFirst.map((adjustment, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: adjustments have no id; their order is stable by time.
          <Table.Tr key={index}>
            <Table.Td>
              <Stack gap={2}>
                <AdjustmentReason
                  adjustment={adjustment}
                  challenge={adjustment.challengeId === null ? undefined : challenges.get(adjustment.challengeId)}
                />
                <Text size="xs" c="dimmed">
                  {dayjs(adjustment.time).format('lll')}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td ta="right">
              <Text size="sm" fw={600} c={adjustment.points < 0 ? 'red' : 'teal'}>
                {adjustment.points > 0 ? `+${adjustment.points}` : adjustment.points}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
