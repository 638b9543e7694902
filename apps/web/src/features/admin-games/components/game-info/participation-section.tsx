import { gameLimits } from '@flagpole/contract';
import { ActionIcon, NumberInput, Switch, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconDice5 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { monoInput } from '@/lib/mono-input';
import type { GameFormValues } from '../../game-form';

function randomCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function ParticipationSection({ form }: { form: UseFormReturnType<GameFormValues> }) {
  const { t } = useTranslation();
  return (
    <SectionCard compact title={t('adminGames.info.participation')}>
      <Switch
        label={t('adminGames.fields.individual')}
        description={t('adminGames.fields.individualHint')}
        {...form.getInputProps('individual', { type: 'checkbox' })}
      />
      {!form.values.individual && (
        <Switch
          label={t('adminGames.fields.memberProgress')}
          description={t('adminGames.fields.memberProgressHint')}
          {...form.getInputProps('memberProgress', { type: 'checkbox' })}
        />
      )}
      <Switch
        label={t('adminGames.fields.acceptWithoutReview')}
        description={t('adminGames.fields.acceptWithoutReviewHint')}
        {...form.getInputProps('acceptWithoutReview', { type: 'checkbox' })}
      />
      <TextInput
        label={t('adminGames.fields.inviteCode')}
        description={t('adminGames.fields.inviteCodeHint')}
        maxLength={gameLimits.inviteCode.max}
        styles={monoInput}
        rightSection={
          <Tooltip label={t('adminGames.fields.inviteCodeRandom')} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('adminGames.fields.inviteCodeRandom')}
              onClick={() => form.setFieldValue('inviteCode', randomCode())}
            >
              <IconDice5 size={16} />
            </ActionIcon>
          </Tooltip>
        }
        {...form.getInputProps('inviteCode')}
      />
      <NumberInput
        disabled={form.values.individual}
        label={t('adminGames.fields.teamMemberCountLimit')}
        description={t('adminGames.fields.zeroUnlimited')}
        min={0}
        max={1000}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('teamMemberCountLimit')}
      />
      <NumberInput
        label={t('adminGames.fields.containerCountLimit')}
        description={t('adminGames.fields.zeroUnlimited')}
        min={0}
        max={1000}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('containerCountLimit')}
      />
    </SectionCard>
  );
}
