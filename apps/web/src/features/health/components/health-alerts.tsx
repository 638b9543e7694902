import type { HealthAlertModel } from '@flagpole/contract';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { listenAdminLive } from '@/features/admin-site/admin-live-socket';
import { parseAdminLiveFrame } from '@/features/admin-site/live-logs';
import { gameHealthKey } from '../api/health';

/** The health alert of an admin live frame, or null for anything else (log entries, garbage). */
export function parseHealthFrame(raw: unknown): HealthAlertModel | null {
  const frame = parseAdminLiveFrame(raw);
  return frame?.type === 'health' ? frame.data : null;
}

/**
 * Organisers' notifications on every admin page: a check that turns failing shows a red notification that stays
 * until dismissed (a passing one again, a short green one); the health lists on screen are read again.
 */
export function HealthAlerts() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    return listenAdminLive({
      onFrame: (raw) => {
        const alert = parseHealthFrame(raw);
        if (!alert) return;
        const failing = alert.status === 'Failing';
        notifications.show({
          id: `health-${alert.challengeId}`,
          color: failing ? 'red' : 'teal',
          title: t(failing ? 'health.alert.failingTitle' : 'health.alert.healthyTitle'),
          message: t(failing ? 'health.alert.failing' : 'health.alert.healthy', { title: alert.title }),
          autoClose: failing ? false : 6_000,
        });
        void mutate(gameHealthKey(alert.gameId));
      },
    });
  }, [t, mutate]);
  return null;
}
