import type { TeamInfoModel } from '@flagpole/contract';
import { teamLimits } from '@flagpole/contract';
import { Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useUpdateTeam } from '../api/teams';
import { EditModal } from './edit-modal';

function initialValues(team: TeamInfoModel | null) {
  return { name: team?.name ?? '', bio: team?.bio ?? '', locked: team?.locked ?? false };
}

type TeamFormValues = ReturnType<typeof initialValues>;

export function TeamEditModal({ team, onClose }: { team: TeamInfoModel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const updateTeam = useUpdateTeam();
  const form = useForm({
    initialValues: initialValues(team),
    validate: {
      name: (value) =>
        value.trim().length === 0 || value.trim().length > teamLimits.name.max
          ? t('adminSite.teams.invalidName', { count: teamLimits.name.max })
          : null,
    },
  });

  const save = async (edited: TeamInfoModel, values: TeamFormValues) => {
    await updateTeam(edited.id, { name: values.name.trim(), bio: values.bio.trim(), locked: values.locked });
    return t('adminSite.teams.saved', { name: values.name.trim() });
  };

  return (
    <EditModal
      record={team}
      form={form}
      valuesOf={initialValues}
      save={save}
      title={t('adminSite.teams.editTitle')}
      onClose={onClose}
    >
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
    </EditModal>
  );
}
