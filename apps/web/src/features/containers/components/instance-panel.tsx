import type { ClientFlagContext } from '@flagpole/contract';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconClockPlus, IconHourglassHigh, IconPlayerPlay, IconServerOff, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import { GuardedAction } from '@/components/guarded-action';
import { useGame } from '@/features/games/api/get-game';
import { gameKeys } from '@/features/games/api/keys';
import { useNow } from '@/features/games/hooks/use-now';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { fetcher } from '@/lib/http';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { destroyInstance, extendInstance, startInstance } from '../api/instance';
import { instanceAddress } from '../lib/entry';
import { instanceView, isInstanceRunning } from '../lib/instance-view';
import { canExtend, formatCountdown, remainingMs } from '../lib/lifetime';
import { closeWsrxTunnel } from '../wsrx/use-wsrx-tunnel';
import { InstanceAddress } from './instance-address';

interface InstancePanelProps {
  gameId: number;
  challengeId: number;
  challengeTitle: string;
  context: ClientFlagContext;
}

/** While a start is queued or the engine is still creating the instance, the challenge is re-read this often. */
const PENDING_REFRESH_MS = 2000;

/**
 * The team's container instance inside the challenge view: start (with the place in the start queue while
 * waiting), the address to connect to, the remaining lifetime, extension inside the renewal window, destroy.
 */
export function InstancePanel({ gameId, challengeId, challengeTitle, context }: InstancePanelProps) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const config = useClientConfig();
  const { data: game } = useGame(gameId);
  const now = useNow(1000);
  const detailKey = gameKeys.challenge(gameId, challengeId);
  // The place the start answer gave, until the detail shows the instance.
  const [startPosition, setStartPosition] = useState<number | null>(null);

  const entry = context.instanceEntry;
  const view = instanceView(context, startPosition);
  const running = view.kind === 'running';

  // Re-read the challenge while the instance is being started, so the address appears without a reload.
  useSWR(view.kind === 'pending' ? detailKey : null, fetcher, { refreshInterval: PENDING_REFRESH_MS });
  const settled = isInstanceRunning(context) || context.instanceStatus === 'Destroyed';
  useEffect(() => {
    if (settled) setStartPosition(null);
  }, [settled]);

  const closeTime = context.closeTime;
  const left = closeTime === null ? 0 : remainingMs(closeTime, now);
  const expired = running && closeTime !== null && left === 0;
  const extendable = running && closeTime !== null && canExtend(closeTime, now, config.renewalWindow);

  // When the lifetime runs out the server reaps the instance; re-read once so the panel shows it.
  const refreshedForExpiry = useRef<number | null>(null);
  useEffect(() => {
    if (!expired || closeTime === null || refreshedForExpiry.current === closeTime) return;
    refreshedForExpiry.current = closeTime;
    const timer = window.setTimeout(() => void mutate(detailKey), 1500);
    return () => window.clearTimeout(timer);
  }, [expired, closeTime, detailKey, mutate]);

  const start = useMutation(async () => {
    try {
      const started = await startInstance(gameId, challengeId);
      setStartPosition(started.queuePosition ?? (started.status === 'Pending' ? 1 : null));
    } catch (error) {
      showError(error);
    } finally {
      await mutate(detailKey);
    }
  });
  const extend = useMutation(async () => {
    try {
      await extendInstance(gameId, challengeId);
      showSuccess(t('containers.panel.extended', { count: config.extensionDuration }));
    } catch (error) {
      showError(error);
    } finally {
      await mutate(detailKey);
    }
  });
  const destroy = useMutation(async () => {
    try {
      await destroyInstance(gameId, challengeId);
      if (entry) await closeWsrxTunnel(instanceAddress(entry, config.portMapping, window.location));
      showSuccess(t('containers.panel.destroyed'));
    } catch (error) {
      showError(error);
    } finally {
      await mutate(detailKey);
    }
  });

  const confirmDestroy = () =>
    modals.openConfirmModal({
      title: t('containers.panel.destroyTitle'),
      children: <Text size="sm">{t('containers.panel.destroyConfirm')}</Text>,
      labels: { confirm: t('containers.panel.destroy'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => void destroy.trigger(),
    });

  if (view.kind === 'unavailable') {
    return (
      <Alert color="gray" icon={<IconServerOff size={18} />} title={t('containers.panel.unavailableTitle')}>
        {t('containers.panel.unavailable')}
      </Alert>
    );
  }

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t('containers.panel.title')}>
      <Stack gap="xs">
        <Text fw={600} size="sm">
          {t('containers.panel.title')}
        </Text>
        {view.kind === 'running' ? (
          <>
            <InstanceAddress entry={view.entry} label={`${challengeTitle} @ ${game?.title ?? config.title}`} />
            <Group justify="space-between" gap="xs">
              <Group gap={6} wrap="nowrap">
                <IconHourglassHigh size={16} aria-hidden />
                <Text size="sm" c={extendable ? 'orange' : undefined} aria-live="off">
                  {expired
                    ? t('containers.panel.expired')
                    : t('containers.panel.remaining', { time: formatCountdown(left) })}
                </Text>
              </Group>
              <Group gap="xs">
                <GuardedAction
                  reason={extendable ? null : t('containers.panel.extendLater', { count: config.renewalWindow })}
                >
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconClockPlus size={14} />}
                    loading={extend.isMutating}
                    onClick={() => void extend.trigger()}
                  >
                    {t('containers.panel.extend')}
                  </Button>
                </GuardedAction>
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  loading={destroy.isMutating}
                  onClick={confirmDestroy}
                >
                  {t('containers.panel.destroy')}
                </Button>
              </Group>
            </Group>
          </>
        ) : view.kind === 'pending' ? (
          <Group gap="sm" wrap="nowrap" role="status">
            <Loader size="sm" />
            <Text size="sm">
              {view.position !== null
                ? t('containers.panel.queued', { position: view.position })
                : t('containers.panel.starting')}
            </Text>
          </Group>
        ) : (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
              {t('containers.panel.none', { count: config.defaultLifetime })}
            </Text>
            <Button
              size="xs"
              leftSection={<IconPlayerPlay size={14} />}
              loading={start.isMutating}
              onClick={() => void start.trigger()}
            >
              {t('containers.panel.start')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
