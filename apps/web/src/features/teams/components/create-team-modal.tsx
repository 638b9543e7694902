import { Button, Group, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useCreateTeam } from '../api/create-team';
import { TeamFields, useTeamForm } from './team-fields';

export function CreateTeamModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useCreateTeam());
  const form = useTeamForm({ name: '', bio: '' });

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const team = await trigger({ name: values.name.trim(), bio: values.bio.trim() });
      showSuccess(t('teams.create.done', { name: team.name ?? values.name.trim() }));
      close();
    } catch (error) {
      showError(error, { title: t('teams.create.failed') });
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('teams.create.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TeamFields form={form} autoFocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isMutating}>
              {t('teams.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
