import { DEFAULT_BLOOD_BONUS } from '@flagpole/contract';
import { Button, Group, NumberInput, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { MAX_BLOOD_BONUS_PERCENT, packedToPercent } from '../../blood-bonus';
import type { GameFormValues } from '../../game-form';

const PLACES = ['first', 'second', 'third'] as const;

/** First/second/third blood bonuses, edited as percentages (stored per mille, packed into one integer). */
export function BloodBonusSection({ form }: { form: UseFormReturnType<GameFormValues> }) {
  const { t } = useTranslation();
  const bonus = form.values.bloodBonus;
  const example = (percent: number) => Math.round(1000 * (1 + percent / 100));
  return (
    <SectionCard compact title={t('adminGames.bloodBonus.title')} description={t('adminGames.bloodBonus.description')}>
      {PLACES.map((place) => (
        <NumberInput
          key={place}
          label={t(`adminGames.bloodBonus.${place}`)}
          min={0}
          max={MAX_BLOOD_BONUS_PERCENT}
          step={0.1}
          decimalScale={1}
          fixedDecimalScale
          allowNegative={false}
          suffix=" %"
          {...form.getInputProps(`bloodBonus.${place}`)}
        />
      ))}
      <Text size="xs" c="dimmed">
        {t('adminGames.bloodBonus.example', {
          first: example(Number(bonus.first) || 0),
          second: example(Number(bonus.second) || 0),
          third: example(Number(bonus.third) || 0),
        })}
      </Text>
      <Group gap="xs">
        <Button
          size="xs"
          variant="default"
          onClick={() => form.setFieldValue('bloodBonus', packedToPercent(DEFAULT_BLOOD_BONUS))}
        >
          {t('adminGames.bloodBonus.reset')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => form.setFieldValue('bloodBonus', { first: 0, second: 0, third: 0 })}
        >
          {t('adminGames.bloodBonus.none')}
        </Button>
      </Group>
    </SectionCard>
  );
}
