import type { PendingAwardInfo } from '@flagpole/contract';
import { ActionIcon, Badge, Card, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { usePendingAwards, useRemovePendingAward } from '../../api/pending-awards';

const signed = (points: number) => (points > 0 ? `+${points}` : String(points));

function PendingRow({ gameId, award }: { gameId: number; award: PendingAwardInfo }) {
  const { t } = useTranslation();
  const remove = useRemovePendingAward();
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: t('adminGames.awards.pending.removeTitle'),
      children: (
        <Text size="sm">
          {t('adminGames.awards.pending.removeConfirm', { team: award.teamName, points: signed(award.points) })}
        </Text>
      ),
      labels: { confirm: t('adminGames.awards.removeSubmit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove(gameId, award.id).then(() => showSuccess(t('adminGames.awards.pending.removed')), showError);
      },
    });
  return (
    <Table.Tr>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {t('adminGames.awards.pending.waiting', { team: award.teamName })}
      </Table.Td>
      <Table.Td>
        <Badge color={award.points > 0 ? 'teal' : 'red'} variant="light">
          {signed(award.points)}
        </Badge>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>{award.reason}</Table.Td>
      <Table.Td>
        <Tooltip label={t('adminGames.awards.remove')} withArrow>
          <ActionIcon variant="subtle" color="red" aria-label={t('adminGames.awards.remove')} onClick={confirmRemove}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Imported awards still waiting for their team (docs/game-transfer.md, "Awards"): each becomes an award when a team
 * of its exact name is accepted in the game. Shown only while there are some.
 */
export function PendingAwards({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { pending } = usePendingAwards(gameId);
  if (!pending || pending.length === 0) return null;
  return (
    <Card withBorder p="lg" data-testid="pending-awards">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('adminGames.awards.pending.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('adminGames.awards.pending.intro')}
        </Text>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs" aria-label={t('adminGames.awards.pending.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('adminGames.awards.team')}</Table.Th>
                <Table.Th>{t('adminGames.awards.points')}</Table.Th>
                <Table.Th>{t('adminGames.awards.reason')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('adminGames.awards.remove')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pending.map((award) => (
                <PendingRow key={award.id} gameId={gameId} award={award} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
