import type { HealthRunModel } from '@flagpole/contract';
import { Accordion, Badge, Code, Group, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

const OUTCOME_COLORS = { Passed: 'teal', Failed: 'red', TimedOut: 'orange', Error: 'grape' } as const;

/** The last runs of a check, newest first; each opens to the output it printed. */
export function HealthRuns({ runs }: { runs: HealthRunModel[] }) {
  const { t } = useTranslation();
  if (runs.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('health.panel.noRuns')}
      </Text>
    );
  }
  return (
    <Accordion variant="separated" chevronPosition="left" aria-label={t('health.panel.runs')}>
      {runs.map((run) => (
        <Accordion.Item key={run.id} value={String(run.id)}>
          <Accordion.Control>
            <Group gap="xs" wrap="wrap">
              <Badge size="sm" color={OUTCOME_COLORS[run.outcome]} variant="light">
                {t(`health.outcome.${run.outcome}`)}
              </Badge>
              <Text size="sm" ff="monospace">
                {dayjs(run.startedAt).format('MM-DD HH:mm:ss')}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`health.trigger.${run.trigger}`)} ·{' '}
                {t('health.run.duration', { seconds: (run.durationMs / 1000).toFixed(1) })}
                {run.exitCode !== null && ` · ${t('health.run.exitCode', { code: run.exitCode })}`}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 320, overflow: 'auto' }}>
              {run.output === '' ? t('health.run.noOutput') : run.output}
            </Code>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
