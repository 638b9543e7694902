import type { ContainerPolicy } from '@flagpole/contract';
import { adminLimits, ContainerPortMappingType } from '@flagpole/contract';
import { Alert, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useServerAbilities } from '@/features/info/api/get-client-config';
import { ConfigSectionForm } from './config-section-form';

const NUMBERS = [
  { name: 'maxExerciseContainerCountPerUser', range: adminLimits.exerciseContainersPerUser, minutes: false },
  { name: 'defaultLifetime', range: adminLimits.lifetime, minutes: true },
  { name: 'extensionDuration', range: adminLimits.lifetime, minutes: true },
  { name: 'renewalWindow', range: adminLimits.renewalWindow, minutes: true },
] as const;

export function ContainerSettings({ policy }: { policy: ContainerPolicy }) {
  const { t } = useTranslation();
  const inRange = (range: { min: number; max: number }) => (value: number) =>
    Number.isInteger(value) && value >= range.min && value <= range.max
      ? null
      : t('adminSite.settings.outOfRange', range);
  const form = useForm({
    initialValues: policy,
    validate: Object.fromEntries(NUMBERS.map(({ name, range }) => [name, inRange(range)])),
  });
  const noEngine = useServerAbilities()?.containersEnabled === false;
  // The proxy forwards to container instances: without an engine it is not offered (the server refuses it too),
  // unless it was chosen before the engine went away, so it can still be switched back.
  const proxyUnavailable = noEngine && policy.portMapping !== 'PlatformProxy';

  return (
    <ConfigSectionForm form={form} toUpdate={(values) => ({ containerPolicy: values })}>
      <SectionCard title={t('adminSite.settings.containerTitle')} description={t('adminSite.settings.containerHelp')}>
        {noEngine && (
          <Alert color="yellow" title={t('adminGames.container.noEngineTitle')}>
            {t('adminSite.settings.container.noEngine')}
          </Alert>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="port-mapping-label">
            {t('adminSite.settings.container.portMapping')}
          </Text>
          <SegmentedControl
            aria-labelledby="port-mapping-label"
            w="fit-content"
            data={ContainerPortMappingType.options.map((value) => ({
              value,
              label: t(`adminSite.settings.container.portMappings.${value}`),
              disabled: value === 'PlatformProxy' && proxyUnavailable,
            }))}
            {...form.getInputProps('portMapping')}
          />
          <Text size="xs" c="dimmed">
            {t(`adminSite.settings.container.portMappingHelp.${form.values.portMapping}`)}
          </Text>
          {proxyUnavailable && (
            <Text size="xs" c="dimmed">
              {t('adminSite.settings.container.proxyNeedsEngine')}
            </Text>
          )}
        </Stack>
        <Switch
          label={t('adminSite.settings.container.autoDestroyOnLimitReached')}
          description={t('adminSite.settings.container.autoDestroyOnLimitReachedHelp')}
          {...form.getInputProps('autoDestroyOnLimitReached', { type: 'checkbox' })}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {NUMBERS.map(({ name, range, minutes }) => (
            <NumberInput
              key={name}
              label={t(`adminSite.settings.container.${name}`)}
              description={t(`adminSite.settings.container.${name}Help`)}
              min={range.min}
              max={range.max}
              allowDecimal={false}
              suffix={minutes ? ` ${t('adminSite.settings.minutes')}` : undefined}
              {...form.getInputProps(name)}
            />
          ))}
        </SimpleGrid>
      </SectionCard>
    </ConfigSectionForm>
  );
}
