import { NetworkMode } from '@flagpole/contract';
import { Alert, Divider, NumberInput, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useServerAbilities } from '@/features/info/api/get-client-config';
import { monoInput } from '@/lib/mono-input';
import type { ChallengeFormValues } from '../../challenge-form';
import { ServicesEditor } from './services-editor';

export function ContainerSection({ form }: { form: UseFormReturnType<ChallengeFormValues> }) {
  const { t } = useTranslation();
  const noEngine = useServerAbilities()?.containersEnabled === false;
  return (
    <SectionCard compact title={t('adminGames.container.title')}>
      {noEngine && (
        <Alert color="yellow" title={t('adminGames.container.noEngineTitle')}>
          {t('adminGames.challenges.needsEngine')}
        </Alert>
      )}
      <TextInput
        label={t('adminGames.container.image')}
        placeholder="ghcr.io/org/challenge:latest"
        styles={monoInput}
        maxLength={512}
        {...form.getInputProps('containerImage')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <NumberInput
          label={t('adminGames.container.exposePort')}
          min={1}
          max={65_535}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('exposePort')}
        />
        <Select
          label={t('adminGames.container.networkMode')}
          data={NetworkMode.options.map((value) => ({ value, label: t(`adminGames.container.network.${value}`) }))}
          allowDeselect={false}
          {...form.getInputProps('networkMode')}
        />
        <NumberInput
          label={t('adminGames.container.memory')}
          min={32}
          max={1_048_576}
          allowDecimal={false}
          allowNegative={false}
          suffix=" MB"
          {...form.getInputProps('memoryLimit')}
        />
        <NumberInput
          label={t('adminGames.container.cpu')}
          description={t('adminGames.container.cpuHint')}
          min={1}
          max={1024}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('cpuCount')}
        />
        <NumberInput
          label={t('adminGames.container.storage')}
          min={0}
          max={1_048_576}
          allowDecimal={false}
          allowNegative={false}
          suffix=" MB"
          {...form.getInputProps('storageLimit')}
        />
      </SimpleGrid>
      <Switch
        label={t('adminGames.container.trafficCapture')}
        description={t('adminGames.container.trafficCaptureHint')}
        {...form.getInputProps('enableTrafficCapture', { type: 'checkbox' })}
      />
      <Divider />
      <ServicesEditor form={form} />
    </SectionCard>
  );
}
