import { containerServiceLimits } from '@flagpole/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ChallengeFormValues } from '../../challenge-form';
import { newService } from '../../service-form';
import { ServiceFields } from './service-fields';

/**
 * The services of a multi-service container challenge, saved with the challenge. An empty list keeps the single
 * image of the container section (docs/containers.md, "Several services").
 */
export function ServicesEditor({ form }: { form: UseFormReturnType<ChallengeFormValues> }) {
  const { t } = useTranslation();
  const services = form.values.services;
  const listError = form.errors.services;
  return (
    <Stack gap="sm" role="group" aria-label={t('adminGames.services.title')} data-testid="services-editor">
      <div>
        <Text fw={600} size="sm">
          {t('adminGames.services.title')}
        </Text>
        <Text size="xs" c="dimmed">
          {services.length === 0 ? t('adminGames.services.emptyHint') : t('adminGames.services.hint')}
        </Text>
      </div>
      {services.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: services are edited in place; the position is the identity.
        <ServiceFields key={index} form={form} index={index} />
      ))}
      {listError && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={14} />}
          disabled={services.length >= containerServiceLimits.services}
          onClick={() => form.insertListItem('services', newService(services))}
        >
          {t('adminGames.services.add')}
        </Button>
        {services.length >= containerServiceLimits.services && (
          <Text size="xs" c="dimmed">
            {t('adminGames.services.limit', { count: containerServiceLimits.services })}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
