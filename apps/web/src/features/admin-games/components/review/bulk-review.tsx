import type { ParticipationInfoModel, ParticipationStatus } from '@flagpole/contract';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChecks, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReviewParticipations } from '../../api/review-participations';
import { type BulkReviewOutcome, pendingOf } from '../../bulk-review';

/** The outcome of each entry of the last bulk review: done, or refused with the reason. */
function BulkReport({ outcomes, onClose }: { outcomes: readonly BulkReviewOutcome[]; onClose: () => void }) {
  const { t } = useTranslation();
  const refused = outcomes.filter((item) => !item.done).length;
  return (
    <Modal opened onClose={onClose} title={t('adminGames.review.bulk.reportTitle')} size="lg">
      <Stack gap="sm">
        <Text size="sm" fw={600} c={refused > 0 ? 'orange' : undefined}>
          {t('adminGames.review.bulk.summary', { done: outcomes.length - refused, refused })}
        </Text>
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing={6} aria-label={t('adminGames.review.bulk.reportTitle')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="35%">{t('adminGames.review.bulk.team')}</Table.Th>
                <Table.Th>{t('adminGames.review.bulk.result')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {outcomes.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.team}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      <Badge color={item.done ? 'teal' : 'red'} variant="light">
                        {t(item.done ? 'adminGames.review.bulk.done' : 'adminGames.review.bulk.refused')}
                      </Badge>
                      {item.reason && (
                        <Text size="sm" c="red">
                          {item.reason}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('adminGames.review.bulk.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * Accepts or rejects every entry shown that waits for review, after a confirmation naming the teams; then says
 * per team what happened.
 */
export function BulkReview({ gameId, shown }: { gameId: number; shown: readonly ParticipationInfoModel[] }) {
  const { t } = useTranslation();
  const review = useReviewParticipations();
  const [busy, setBusy] = useState<ParticipationStatus | null>(null);
  const [outcomes, setOutcomes] = useState<BulkReviewOutcome[] | null>(null);
  const pending = pendingOf(shown);
  if (pending.length < 2 && outcomes === null) return null;

  const run = async (to: ParticipationStatus) => {
    setBusy(to);
    try {
      setOutcomes(await review(gameId, pending, to));
    } finally {
      setBusy(null);
    }
  };
  const confirm = (to: 'Accepted' | 'Rejected') =>
    modals.openConfirmModal({
      title: t('adminGames.review.bulk.confirmTitle'),
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t(to === 'Accepted' ? 'adminGames.review.bulk.confirmAccept' : 'adminGames.review.bulk.confirmReject', {
            teams: pending.map((item) => item.team.name ?? `#${item.id}`).join(', '),
          })}
        </Text>
      ),
      labels: { confirm: t('common.confirm'), cancel: t('common.cancel') },
      confirmProps: { color: to === 'Accepted' ? 'teal' : 'red' },
      onConfirm: () => void run(to),
    });

  return (
    <>
      {pending.length >= 2 && (
        <Group gap="xs">
          <Button
            variant="light"
            color="teal"
            leftSection={<IconChecks size={16} />}
            loading={busy === 'Accepted'}
            disabled={busy !== null}
            onClick={() => confirm('Accepted')}
          >
            {t('adminGames.review.bulk.accept', { count: pending.length })}
          </Button>
          <Button
            variant="light"
            color="red"
            leftSection={<IconX size={16} />}
            loading={busy === 'Rejected'}
            disabled={busy !== null}
            onClick={() => confirm('Rejected')}
          >
            {t('adminGames.review.bulk.reject', { count: pending.length })}
          </Button>
        </Group>
      )}
      {outcomes && <BulkReport outcomes={outcomes} onClose={() => setOutcomes(null)} />}
    </>
  );
}
