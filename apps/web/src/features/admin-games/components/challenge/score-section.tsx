import { NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { type ChallengeFormValues, numberOrUndefined } from '../../challenge-form';
import { ScoreCurvePreview } from './score-curve-preview';

export function ScoreSection({ form }: { form: UseFormReturnType<ChallengeFormValues> }) {
  const { t } = useTranslation();
  const { values } = form;
  return (
    <SectionCard compact title={t('adminGames.challenge.scoring')} description={t('adminGames.challenge.scoringHint')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        <NumberInput
          label={t('adminGames.challenge.originalScore')}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('originalScore')}
        />
        <NumberInput
          label={t('adminGames.challenge.minScoreRate')}
          min={0}
          max={1}
          step={0.05}
          decimalScale={3}
          allowNegative={false}
          {...form.getInputProps('minScoreRate')}
        />
        <NumberInput
          label={t('adminGames.challenge.difficulty')}
          min={0.1}
          max={1000}
          step={0.5}
          decimalScale={2}
          allowNegative={false}
          {...form.getInputProps('difficulty')}
        />
      </SimpleGrid>
      <ScoreCurvePreview
        original={numberOrUndefined(values.originalScore) ?? 0}
        minRate={numberOrUndefined(values.minScoreRate) ?? 0}
        difficulty={numberOrUndefined(values.difficulty) ?? 0}
      />
      <Switch
        label={t('adminGames.challenge.disableBloodBonus')}
        {...form.getInputProps('disableBloodBonus', { type: 'checkbox' })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          type="datetime-local"
          label={t('adminGames.challenge.release')}
          description={t('adminGames.challenge.releaseHint')}
          {...form.getInputProps('release')}
        />
        <TextInput
          type="datetime-local"
          label={t('adminGames.challenge.deadline')}
          description={t('adminGames.challenge.deadlineHint')}
          {...form.getInputProps('deadline')}
        />
      </SimpleGrid>
      <NumberInput
        label={t('adminGames.challenge.submissionLimit')}
        description={t('adminGames.fields.zeroUnlimited')}
        min={0}
        max={10_000}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('submissionLimit')}
      />
    </SectionCard>
  );
}
