import type { TeamInfoModel } from '@flagpole/contract';
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconArrowsExchange, IconDoorExit, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GuardedAction } from '@/components/guarded-action';
import { showError, showSuccess } from '@/lib/notify';
import { useDeleteTeam } from '../api/delete-team';
import { useLeaveTeam } from '../api/leave-team';
import type { TeamRights } from '../validation';
import { TeamEditModal } from './team-edit-modal';
import { TransferModal } from './transfer-modal';

export function TeamActions({ team, rights }: { team: TeamInfoModel; rights: TeamRights }) {
  const { t } = useTranslation();
  const deleteTeam = useDeleteTeam();
  const leaveTeam = useLeaveTeam();
  const [editOpened, edit] = useDisclosure(false);
  const [transferOpened, transfer] = useDisclosure(false);
  const name = team.name ?? '';
  const lockedReason = team.locked ? t('teams.lockedHint') : null;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('teams.delete.title'),
      children: <Text size="sm">{t('teams.delete.confirm', { name })}</Text>,
      labels: { confirm: t('teams.delete.submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        deleteTeam(team.id).then(() => showSuccess(t('teams.delete.done', { name })), showError);
      },
    });

  const confirmLeave = () =>
    modals.openConfirmModal({
      title: t('teams.leave.title'),
      children: <Text size="sm">{t('teams.leave.confirm', { name })}</Text>,
      labels: { confirm: t('teams.leave.submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        leaveTeam(team.id).then(() => showSuccess(t('teams.leave.done', { name })), showError);
      },
    });

  if (!rights.isCaptain) {
    return (
      <Group justify="flex-end">
        <GuardedAction reason={lockedReason}>
          <Button variant="light" color="red" leftSection={<IconDoorExit size={16} />} onClick={confirmLeave}>
            {t('teams.leave.button')}
          </Button>
        </GuardedAction>
      </Group>
    );
  }

  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" leftSection={<IconPencil size={16} />} onClick={edit.open}>
        {t('teams.edit.button')}
      </Button>
      <GuardedAction reason={rights.canTransfer ? null : t('teams.transfer.noMembers')}>
        <Button variant="default" leftSection={<IconArrowsExchange size={16} />} onClick={transfer.open}>
          {t('teams.transfer.button')}
        </Button>
      </GuardedAction>
      <GuardedAction reason={lockedReason}>
        <Button variant="light" color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
          {t('teams.delete.button')}
        </Button>
      </GuardedAction>
      <TeamEditModal team={team} opened={editOpened} onClose={edit.close} />
      <TransferModal team={team} opened={transferOpened} onClose={transfer.close} />
    </Group>
  );
}
