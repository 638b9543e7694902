import type { WebhookAlertModel } from '@flagpole/contract';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { listenAdminLive } from '@/features/admin-site/admin-live-socket';
import { parseAdminLiveFrame } from '@/features/admin-site/live-logs';
import { webhooksKey } from '../api/webhooks';

/** The webhook alert of an admin live frame, or null for anything else (log entries, health alerts, garbage). */
export function parseWebhookFrame(raw: unknown): WebhookAlertModel | null {
  const frame = parseAdminLiveFrame(raw);
  return frame?.type === 'webhook' ? frame.data : null;
}

/**
 * Organisers' notification on every admin page when the platform turns a webhook off after a day of failed
 * deliveries: it stays until dismissed, since the receiver now misses every event; the webhook list is read again.
 */
export function WebhookAlerts() {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (typeof WebSocket === 'undefined') return;
    return listenAdminLive({
      onFrame: (raw) => {
        const alert = parseWebhookFrame(raw);
        if (!alert) return;
        notifications.show({
          id: `webhook-${alert.webhookId}`,
          color: 'red',
          title: t('adminWebhooks.alert.title'),
          message: t('adminWebhooks.alert.text', { url: alert.url, reason: alert.reason }),
          autoClose: false,
        });
        void mutate(webhooksKey);
      },
    });
  }, [t, mutate]);
  return null;
}
