import type { ContainerServiceState } from '@flagpole/contract';
import { Accordion, ActionIcon, Badge, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useTestServices } from '../api/test-services';

const stateColor: Record<ContainerServiceState['state'], string> = {
  Running: 'green',
  Exited: 'red',
  Missing: 'gray',
};

function ServiceState({ service }: { service: ContainerServiceState }) {
  const { t } = useTranslation();
  return (
    <Accordion.Item value={service.name}>
      <Accordion.Control>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" ff="monospace" fw={600}>
            {service.name}
          </Text>
          {service.entry && (
            <Badge size="xs" variant="outline">
              {t('containers.test.services.entry')}
            </Badge>
          )}
          <Badge size="xs" color={stateColor[service.state]}>
            {t(`containers.test.services.state.${service.state}`)}
          </Badge>
          {service.exitCode !== null && (
            <Text size="xs" c="dimmed">
              {t('containers.test.services.exitCode', { code: service.exitCode })}
            </Text>
          )}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        {service.logs ? (
          <Code block style={{ maxHeight: '20rem', overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {service.logs}
          </Code>
        ) : (
          <Text size="xs" c="dimmed">
            {t('containers.test.services.noLogs')}
          </Text>
        )}
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/**
 * Each service of a running multi-service test instance: its state, exit code and the end of its logs, so the
 * organiser sees which service of the group fails and why. Nothing when the server does not answer (404).
 */
export function TestInstanceServices({ gameId, challengeId }: { gameId: number; challengeId: number }) {
  const { t } = useTranslation();
  const { data, isValidating, mutate } = useTestServices(gameId, challengeId);
  if (!data) return null;
  return (
    <Stack gap={4} data-testid="test-instance-services">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('containers.test.services.title')}
        </Text>
        <Tooltip label={t('containers.test.services.refresh')}>
          <ActionIcon
            variant="subtle"
            aria-label={t('containers.test.services.refresh')}
            loading={isValidating}
            onClick={() => void mutate()}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Accordion multiple variant="contained" chevronPosition="left">
        {data.map((service) => (
          <ServiceState key={service.name} service={service} />
        ))}
      </Accordion>
    </Stack>
  );
}
