import { type ChallengeHealthDetailModel, healthLimits } from '@flagpole/contract';
import { Alert, Button, Group, NumberInput, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useChallengeHealth, useHealthActions } from '../api/health';
import { HealthBadge } from './health-badge';
import { HealthRuns } from './health-runs';

interface Values {
  image: string;
  script: string;
  timeoutSeconds: number;
  intervalSeconds: number;
  enabled: boolean;
}

const valuesOf = (detail: ChallengeHealthDetailModel): Values =>
  detail.check ?? {
    image: '',
    script: '',
    timeoutSeconds: healthLimits.timeoutSeconds.default,
    intervalSeconds: healthLimits.intervalSeconds.default,
    enabled: true,
  };

/** The challenge editor's health check card: the check, its status, run now, and the last runs with output. */
export function HealthPanel({ gameId, challengeId }: { gameId: number; challengeId: number }) {
  const { t } = useTranslation();
  const { detail } = useChallengeHealth(gameId, challengeId);
  return (
    <SectionCard compact title={t('health.panel.title')} description={t('health.panel.description')}>
      {detail && (
        <HealthForm key={detail.check ? 'saved' : 'new'} gameId={gameId} challengeId={challengeId} detail={detail} />
      )}
    </SectionCard>
  );
}

function HealthForm({
  gameId,
  challengeId,
  detail,
}: {
  gameId: number;
  challengeId: number;
  detail: ChallengeHealthDetailModel;
}) {
  const { t } = useTranslation();
  const actions = useHealthActions(gameId, challengeId);
  const save = useMutation(actions.save);
  const run = useMutation(actions.run);
  const remove = useMutation(actions.remove);
  const form = useForm<Values>({
    initialValues: valuesOf(detail),
    validate: {
      image: (value) => (value.trim() === '' ? t('health.panel.required') : null),
      script: (value) => (value.trim() === '' ? t('health.panel.required') : null),
    },
  });
  const limits = healthLimits;

  const onSave = async (values: Values) => {
    try {
      await save.trigger(values);
      form.resetDirty(values);
      showSuccess(t(detail.available ? 'health.panel.saved' : 'health.panel.savedIdle'));
    } catch (error) {
      showError(error, { title: t('health.panel.notSaved') });
    }
  };
  const onRun = async () => {
    try {
      await run.trigger();
      showSuccess(t('health.panel.runQueued'));
    } catch (error) {
      showError(error, { title: t('health.panel.notRun') });
    }
  };
  const onRemove = async () => {
    try {
      await remove.trigger();
      showSuccess(t('health.panel.removed'));
    } catch (error) {
      showError(error, { title: t('health.panel.notRemoved') });
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void onSave(values))} noValidate>
      <Stack gap="sm">
        {!detail.available && (
          <Alert color="yellow" title={t('health.panel.noEngineTitle')}>
            {t('health.panel.noEngine')}
          </Alert>
        )}
        <Group gap="xs">
          {detail.health ? (
            <HealthBadge health={detail.health} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('health.panel.none')}
            </Text>
          )}
          {detail.health?.requested && (
            <Text size="sm" c="dimmed" role="status">
              {t('health.panel.waiting')}
            </Text>
          )}
        </Group>
        <TextInput
          label={t('health.panel.image')}
          description={t('health.panel.imageHint')}
          placeholder="python:3.12-alpine"
          styles={monoInput}
          maxLength={limits.image.max}
          required
          {...form.getInputProps('image')}
        />
        <Textarea
          label={t('health.panel.script')}
          description={t('health.panel.scriptHint')}
          placeholder={'#!/bin/sh\nwget -qO- "http://$FLAGPOLE_TARGET/flag"'}
          styles={monoInput}
          autosize
          minRows={4}
          maxRows={16}
          maxLength={limits.script.max}
          required
          {...form.getInputProps('script')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NumberInput
            label={t('health.panel.timeout')}
            min={limits.timeoutSeconds.min}
            max={limits.timeoutSeconds.max}
            allowDecimal={false}
            allowNegative={false}
            suffix={t('health.panel.secondsSuffix')}
            {...form.getInputProps('timeoutSeconds')}
          />
          <NumberInput
            label={t('health.panel.interval')}
            min={limits.intervalSeconds.min}
            max={limits.intervalSeconds.max}
            allowDecimal={false}
            allowNegative={false}
            suffix={t('health.panel.secondsSuffix')}
            {...form.getInputProps('intervalSeconds')}
          />
        </SimpleGrid>
        <Switch label={t('health.panel.enabled')} {...form.getInputProps('enabled', { type: 'checkbox' })} />
        <Group gap="xs">
          <Button type="submit" loading={save.isMutating}>
            {t('health.panel.save')}
          </Button>
          {detail.check && (
            <Button
              variant="light"
              leftSection={<IconPlayerPlay size={16} aria-hidden />}
              onClick={() => void onRun()}
              loading={run.isMutating}
              disabled={!detail.available || detail.health?.requested === true}
            >
              {t('health.panel.run')}
            </Button>
          )}
          {detail.check && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => void onRemove()}
              loading={remove.isMutating}
            >
              {t('health.panel.remove')}
            </Button>
          )}
        </Group>
        {detail.check && (
          <>
            <Text fw={600} size="sm">
              {t('health.panel.runs')}
            </Text>
            <HealthRuns runs={detail.runs} />
          </>
        )}
      </Stack>
    </form>
  );
}
