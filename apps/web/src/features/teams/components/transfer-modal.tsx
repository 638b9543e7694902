import type { TeamInfoModel } from '@flagpole/contract';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useTransferCaptain } from '../api/transfer-captain';

export function TransferModal({
  team,
  opened,
  onClose,
}: {
  team: TeamInfoModel;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useTransferCaptain());
  const [memberId, setMemberId] = useState<string | null>(null);
  const candidates = (team.members ?? []).flatMap((member) =>
    member.id && !member.captain ? [{ value: member.id, label: member.userName ?? member.id }] : [],
  );
  const chosen = candidates.find((candidate) => candidate.value === memberId);

  const close = () => {
    setMemberId(null);
    onClose();
  };

  const submit = async () => {
    if (!chosen) return;
    try {
      await trigger(team.id, chosen.value);
      showSuccess(t('teams.transfer.done', { name: chosen.label }));
      close();
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('teams.transfer.title')}>
      <Stack>
        <Select
          label={t('teams.transfer.memberLabel')}
          placeholder={t('teams.transfer.memberPlaceholder')}
          data={candidates}
          value={memberId}
          onChange={setMemberId}
          data-autofocus
        />
        {chosen && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} />}>
            {t('teams.transfer.warning', { name: chosen.label, team: team.name ?? '' })}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button color="orange" onClick={() => void submit()} disabled={!chosen} loading={isMutating}>
            {t('teams.transfer.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
