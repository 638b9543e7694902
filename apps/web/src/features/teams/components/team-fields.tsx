import { teamLimits } from '@flagpole/contract';
import { Textarea, TextInput } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { validateTeamBio, validateTeamName } from '../validation';

export interface TeamFormValues {
  name: string;
  bio: string;
}

/** The name-and-bio form shared by creating and editing a team. */
export function useTeamForm(initialValues: TeamFormValues): UseFormReturnType<TeamFormValues> {
  const { t } = useTranslation();
  return useForm({ initialValues, validate: { name: validateTeamName(t), bio: validateTeamBio(t) } });
}

export function TeamFields({
  form,
  autoFocus = false,
}: {
  form: UseFormReturnType<TeamFormValues>;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('teams.fields.name')}
        required
        data-autofocus={autoFocus || undefined}
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
    </>
  );
}
