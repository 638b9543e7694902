import type { WebhookDeliveryModel, WebhookDeliveryStatus, WebhookModel } from '@flagpole/contract';
import { Badge, Button, Center, Code, Drawer, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { ListCard, ResponsiveList } from '@/features/admin-site/components/responsive-list';
import { showError, showSuccess } from '@/lib/notify';
import { useDeliveries, useWebhookActions } from '../api/webhooks';
import { AttemptsToggle, DeliveryAttempts } from './delivery-attempts';
import { EVENT_NAME_KEYS } from './webhook-form';

const PAGE_SIZE = 20;
const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = {
  held: 'violet',
  pending: 'yellow',
  delivered: 'teal',
  failed: 'red',
  abandoned: 'gray',
};
const formatTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm:ss');

function StatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`adminWebhooks.statuses.${status}`)}
    </Badge>
  );
}

function EventName({ type }: { type: string }) {
  const { t } = useTranslation();
  const key = EVENT_NAME_KEYS[type as keyof typeof EVENT_NAME_KEYS];
  return <>{key ? t(key) : type === 'webhook.test' ? t('adminWebhooks.testEvent') : type}</>;
}

/** The answer column: HTTP status and latency, then the start of the body or the network error. */
function Response({ delivery }: { delivery: WebhookDeliveryModel }) {
  const { t } = useTranslation();
  if (delivery.attempts === 0)
    return (
      <Text size="xs" c="dimmed">
        —
      </Text>
    );
  const text = delivery.lastResponseExcerpt || delivery.lastError;
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" ff="monospace">
        {delivery.lastStatusCode ?? t('adminWebhooks.noAnswer')} ·{' '}
        {t('adminWebhooks.latency', { ms: delivery.lastLatencyMs ?? 0 })}
      </Text>
      {text ? (
        <Code block fz="xs" style={{ maxHeight: 72, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {text}
        </Code>
      ) : null}
    </Stack>
  );
}

function RetryButton({
  webhookId,
  delivery,
  onDone,
}: {
  webhookId: number;
  delivery: WebhookDeliveryModel;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { retry } = useWebhookActions();
  const [busy, setBusy] = useState(false);
  if (delivery.status === 'held' || delivery.eventType === 'webhook.test') return null;
  const run = async () => {
    setBusy(true);
    try {
      await retry(webhookId, delivery.id);
      showSuccess(t('adminWebhooks.retried'));
      onDone();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      loading={busy}
      onClick={(event) => {
        event.stopPropagation();
        void run();
      }}
    >
      {t('adminWebhooks.retry')}
    </Button>
  );
}

function DeliveryList({
  webhookId,
  deliveries,
  onChange,
}: {
  webhookId: number;
  deliveries: WebhookDeliveryModel[];
  onChange: () => void;
}) {
  const { t } = useTranslation();
  // The delivery whose attempts are shown (one at a time, so the log stays readable).
  const [openId, setOpenId] = useState<number | null>(null);
  const toggle = (deliveryId: number) => setOpenId((open) => (open === deliveryId ? null : deliveryId));
  // Table and cards are both in the page (one hidden by width): each place has its own element id.
  const attemptsId = (deliveryId: number, place: 'row' | 'card') => `webhook-attempts-${place}-${deliveryId}`;
  const table = (
    <Table verticalSpacing="xs" fz="sm" aria-label={t('adminWebhooks.logTitle')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('adminWebhooks.columns.time')}</Table.Th>
          <Table.Th>{t('adminWebhooks.columns.event')}</Table.Th>
          <Table.Th>{t('adminWebhooks.columns.status')}</Table.Th>
          <Table.Th>{t('adminWebhooks.columns.attempts')}</Table.Th>
          <Table.Th>{t('adminWebhooks.columns.response')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {deliveries.map((delivery) => (
          <Fragment key={delivery.id}>
            <Table.Tr onClick={() => toggle(delivery.id)} style={{ cursor: 'pointer' }}>
              <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                {formatTime(delivery.createdAt)}
              </Table.Td>
              <Table.Td>
                <EventName type={delivery.eventType} />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={delivery.status} />
                {delivery.nextAttemptAt && delivery.attempts > 0 ? (
                  <Text size="xs" c="dimmed">
                    {t('adminWebhooks.nextAttempt', { time: dayjs(delivery.nextAttemptAt).format('HH:mm:ss') })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">{delivery.attempts}</Text>
                  {delivery.attempts > 0 ? (
                    <AttemptsToggle
                      open={openId === delivery.id}
                      controls={attemptsId(delivery.id, 'row')}
                      onToggle={() => toggle(delivery.id)}
                    />
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td maw={320}>
                <Response delivery={delivery} />
              </Table.Td>
              <Table.Td ta="right">
                <RetryButton webhookId={webhookId} delivery={delivery} onDone={onChange} />
              </Table.Td>
            </Table.Tr>
            {openId === delivery.id ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <DeliveryAttempts
                    id={attemptsId(delivery.id, 'row')}
                    webhookId={webhookId}
                    deliveryId={delivery.id}
                  />
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
  const cards = deliveries.map((delivery) => (
    <ListCard
      key={delivery.id}
      heading={
        <Stack gap={2} miw={0}>
          <Text fw={600} size="sm">
            <EventName type={delivery.eventType} />
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {formatTime(delivery.createdAt)} · {t('adminWebhooks.attempts', { count: delivery.attempts })}
          </Text>
        </Stack>
      }
      aside={<StatusBadge status={delivery.status} />}
    >
      <Stack gap="xs" mt="xs">
        <Response delivery={delivery} />
        <Group justify="flex-end">
          {delivery.attempts > 0 ? (
            <AttemptsToggle
              open={openId === delivery.id}
              controls={attemptsId(delivery.id, 'card')}
              onToggle={() => toggle(delivery.id)}
            />
          ) : null}
          <RetryButton webhookId={webhookId} delivery={delivery} onDone={onChange} />
        </Group>
        {openId === delivery.id ? (
          <DeliveryAttempts id={attemptsId(delivery.id, 'card')} webhookId={webhookId} deliveryId={delivery.id} />
        ) : null}
      </Stack>
    </ListCard>
  ));
  return <ResponsiveList minWidth={720} table={table} cards={cards} />;
}

/** The delivery log of one webhook, newest first, with a retry button per delivery. */
export function DeliveriesDrawer({ webhook, onClose }: { webhook: WebhookModel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { deliveries, error, reload } = useDeliveries(webhook?.id ?? null, page, PAGE_SIZE);
  // On a phone the log takes the whole screen; on a desktop it is wide enough for the table.
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={webhook !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      position="right"
      size={phone ? '100%' : 900}
      title={t('adminWebhooks.logTitle')}
    >
      {webhook ? (
        <Stack>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {webhook.url}
            </Text>
            <Button size="xs" variant="default" leftSection={<IconRefresh size={14} />} onClick={() => void reload()}>
              {t('adminWebhooks.reload')}
            </Button>
          </Group>
          <LoadState data={deliveries} error={error}>
            {(list) =>
              list.data.length === 0 ? (
                <Center py="xl">
                  <Text c="dimmed">{t('adminWebhooks.logEmpty')}</Text>
                </Center>
              ) : (
                <Stack>
                  <DeliveryList webhookId={webhook.id} deliveries={list.data} onChange={() => void reload()} />
                  {list.total > PAGE_SIZE ? (
                    <Center>
                      <Pagination total={Math.ceil(list.total / PAGE_SIZE)} value={page} onChange={setPage} />
                    </Center>
                  ) : null}
                </Stack>
              )
            }
          </LoadState>
        </Stack>
      ) : null}
    </Drawer>
  );
}
