import { gameLimits } from '@flagpole/contract';
import { Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import type { GameFormValues } from '../../game-form';

export function WriteupSection({ form }: { form: UseFormReturnType<GameFormValues> }) {
  const { t } = useTranslation();
  const required = form.values.writeupRequired;
  return (
    <SectionCard compact title={t('adminGames.info.writeups')} description={t('adminGames.info.writeupsHint')}>
      <Switch
        label={t('adminGames.fields.writeupRequired')}
        {...form.getInputProps('writeupRequired', { type: 'checkbox' })}
      />
      <TextInput
        type="datetime-local"
        label={t('adminGames.fields.writeupDeadline')}
        description={t('adminGames.fields.writeupDeadlineHint')}
        disabled={!required}
        {...form.getInputProps('writeupDeadline')}
      />
      <Textarea
        label={t('adminGames.fields.writeupNote')}
        autosize
        minRows={3}
        maxLength={gameLimits.writeupNote.max}
        disabled={!required}
        {...form.getInputProps('writeupNote')}
      />
    </SectionCard>
  );
}
