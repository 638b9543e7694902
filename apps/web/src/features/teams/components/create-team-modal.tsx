import { teamLimits } from '@flagpole/contract';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useCreateTeam } from '../api/create-team';
import { validateTeamBio, validateTeamName } from '../validation';

export function CreateTeamModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useCreateTeam());
  const form = useForm({
    initialValues: { name: '', bio: '' },
    validate: { name: validateTeamName(t), bio: validateTeamBio(t) },
  });

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
      showError(error);
    }
  });

  return (
    <Modal opened={opened} onClose={close} title={t('teams.create.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('teams.fields.name')}
            required
            data-autofocus
            maxLength={teamLimits.name.max}
            description={`${form.values.name.length}/${teamLimits.name.max}`}
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('teams.fields.bio')}
            autosize
            minRows={2}
            maxLength={teamLimits.bio.max}
            description={`${form.values.bio.length}/${teamLimits.bio.max}`}
            {...form.getInputProps('bio')}
          />
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
