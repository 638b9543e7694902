import type { WebhookAttemptModel } from '@flagpole/contract';
import { Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { useAttempts } from '../api/webhooks';

/** Opens and closes a delivery's attempts (the row's own control, so keyboards and screen readers reach it). */
export function AttemptsToggle({
  open,
  controls,
  onToggle,
}: {
  open: boolean;
  /** The id of the element showing the attempts. */
  controls: string;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const Icon = open ? IconChevronUp : IconChevronDown;
  return (
    <Button
      size="xs"
      variant="subtle"
      leftSection={<Icon size={14} />}
      aria-expanded={open}
      aria-controls={controls}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
    >
      {open ? t('adminWebhooks.attemptsHide') : t('adminWebhooks.attemptsShow')}
    </Button>
  );
}

/** One attempt: when, what came back (status or no answer) and how fast, then the answer's start or the error. */
function Attempt({ attempt }: { attempt: WebhookAttemptModel }) {
  const { t } = useTranslation();
  const text = attempt.responseExcerpt || attempt.error;
  return (
    <Stack gap={2} miw={0}>
      <Group gap="xs">
        <Text size="xs" ff="monospace">
          {dayjs(attempt.attemptedAt).format('YYYY-MM-DD HH:mm:ss')}
        </Text>
        <Text size="xs" ff="monospace" c={attempt.error ? 'red' : 'teal'}>
          {attempt.statusCode ?? t('adminWebhooks.noAnswer')} · {t('adminWebhooks.latency', { ms: attempt.latencyMs })}
        </Text>
      </Group>
      {text ? (
        <Code block fz="xs" style={{ maxHeight: 96, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {text}
        </Code>
      ) : null}
    </Stack>
  );
}

/** Every attempt at one delivery, oldest first (the log's row shows only the last). */
export function DeliveryAttempts({ id, webhookId, deliveryId }: { id: string; webhookId: number; deliveryId: number }) {
  const { t } = useTranslation();
  const { attempts, error } = useAttempts(webhookId, deliveryId);
  return (
    <div id={id}>
      <LoadState data={attempts} error={error}>
        {(list) =>
          list.length === 0 ? (
            <Text size="xs" c="dimmed">
              {t('adminWebhooks.attemptsEmpty')}
            </Text>
          ) : (
            <List type="ordered" size="sm" spacing="xs" aria-label={t('adminWebhooks.attemptsList')}>
              {list.map((attempt) => (
                <List.Item key={attempt.id}>
                  <Attempt attempt={attempt} />
                </List.Item>
              ))}
            </List>
          )
        }
      </LoadState>
    </div>
  );
}
