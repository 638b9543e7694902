import type { TeamInfoModel } from '@flagpole/contract';
import { teamLimits } from '@flagpole/contract';
import { Button, Group, Modal, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useUpdateTeam } from '../api/teams';

function initialValues(team: TeamInfoModel | null) {
  return { name: team?.name ?? '', bio: team?.bio ?? '', locked: team?.locked ?? false };
}

export function TeamEditModal({ team, onClose }: { team: TeamInfoModel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUpdateTeam());
  const form = useForm({
    initialValues: initialValues(team),
    validate: {
      name: (value) =>
        value.trim().length === 0 || value.trim().length > teamLimits.name.max
          ? t('adminSite.teams.invalidName', { max: teamLimits.name.max })
          : null,
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset only when another team is opened.
  useEffect(() => {
    form.setValues(initialValues(team));
    form.resetDirty(initialValues(team));
    form.clearErrors();
  }, [team]);

  const submit = form.onSubmit(async (values) => {
    if (!team) return;
    try {
      await trigger(team.id, { name: values.name.trim(), bio: values.bio.trim(), locked: values.locked });
      showSuccess(t('adminSite.teams.saved', { name: values.name.trim() }));
      onClose();
    } catch (error) {
      showError(error);
    }
  });

  return (
    <Modal opened={team !== null} onClose={onClose} title={t('adminSite.teams.editTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('adminSite.teams.name')}
            required
            maxLength={teamLimits.name.max}
            {...form.getInputProps('name')}
          />
          <Textarea
            label={t('adminSite.teams.bio')}
            autosize
            minRows={2}
            maxLength={teamLimits.bio.max}
            {...form.getInputProps('bio')}
          />
          <Switch
            label={t('adminSite.teams.locked')}
            description={t('adminSite.teams.lockedHelp')}
            {...form.getInputProps('locked', { type: 'checkbox' })}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isMutating} disabled={!form.isDirty()}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
