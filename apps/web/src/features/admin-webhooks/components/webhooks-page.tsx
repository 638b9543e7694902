import type { WebhookModel } from '@flagpole/contract';
import { Alert, Badge, Button, Center, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconEdit, IconList, IconPlus, IconSend, IconTrash, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { PageHeading } from '@/features/admin-site/components/page-heading';
import { ListCard, ResponsiveList } from '@/features/admin-site/components/responsive-list';
import { SecretOnceModal } from '@/features/admin-site/components/secret-once';
import { useConfirmRemoval } from '@/features/admin-site/hooks/use-confirm';
import { showError, showSuccess } from '@/lib/notify';
import { useGameChoices, useWebhookActions, useWebhooks } from '../api/webhooks';
import { DeliveriesDrawer } from './deliveries-drawer';
import { WebhookFormModal } from './webhook-form';

function StateBadge({ webhook }: { webhook: WebhookModel }) {
  const { t } = useTranslation();
  return webhook.enabled ? (
    <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
      {t('adminWebhooks.enabledState')}
    </Badge>
  ) : (
    <Badge color={webhook.disabledReason ? 'red' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
      {t('adminWebhooks.disabledState')}
    </Badge>
  );
}

function Actions({ webhook, onEdit, onLog }: { webhook: WebhookModel; onEdit: () => void; onLog: () => void }) {
  const { t } = useTranslation();
  const actions = useWebhookActions();
  const confirmRemoval = useConfirmRemoval();
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    try {
      const result = await actions.test(webhook.id);
      if (result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300) {
        showSuccess(t('adminWebhooks.testOk', { status: result.statusCode, ms: result.latencyMs }));
      } else {
        showError(new Error(t('adminWebhooks.testFailed', { error: result.error ?? `HTTP ${result.statusCode}` })));
      }
    } catch (error) {
      showError(error);
    } finally {
      setTesting(false);
    }
  };
  const remove = () =>
    confirmRemoval({
      title: t('adminWebhooks.deleteTitle'),
      message: t('adminWebhooks.deleteConfirm', { url: webhook.url }),
      confirmLabel: t('adminWebhooks.delete'),
      remove: () => actions.remove(webhook.id),
      done: t('adminWebhooks.deleted'),
    });
  return (
    <Group gap="xs" justify="flex-end" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconSend size={14} />}
        loading={testing}
        onClick={() => void test()}
      >
        {t('adminWebhooks.test')}
      </Button>
      <Button size="xs" variant="light" leftSection={<IconList size={14} />} onClick={onLog}>
        {t('adminWebhooks.log')}
      </Button>
      <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={onEdit}>
        {t('adminWebhooks.edit')}
      </Button>
      <Button size="xs" variant="light" color="red" leftSection={<IconTrash size={14} />} onClick={remove}>
        {t('adminWebhooks.delete')}
      </Button>
    </Group>
  );
}

function Summary({ webhook, gameTitle }: { webhook: WebhookModel; gameTitle: string | undefined }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} miw={0}>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {webhook.url}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`adminWebhooks.formats.${webhook.format}`)} ·{' '}
        {t('adminWebhooks.eventCount', { count: webhook.events.length })} ·{' '}
        {webhook.gameId === null ? t('adminWebhooks.allGames') : (gameTitle ?? `#${webhook.gameId}`)}
      </Text>
      {webhook.disabledReason ? (
        <Text size="xs" c="red">
          {t('adminWebhooks.disabledBecause', { reason: webhook.disabledReason })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Admin → Webhooks: endpoints that receive platform events, their test button and delivery log. */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { webhooks, error } = useWebhooks();
  const games = useGameChoices();
  const actions = useWebhookActions();
  const [editing, setEditing] = useState<WebhookModel | null | undefined>(undefined);
  const [logOf, setLogOf] = useState<WebhookModel | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const titleOf = (id: number | null) => games.find((game) => game.id === id)?.title;

  const list = (items: WebhookModel[]) => {
    const table = (
      <Table verticalSpacing="sm" fz="sm" aria-label={t('pages.adminWebhooks')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('adminWebhooks.url')}</Table.Th>
            <Table.Th>{t('adminWebhooks.columns.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('adminWebhooks.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((webhook) => (
            <Table.Tr key={webhook.id}>
              <Table.Td maw={420}>
                <Summary webhook={webhook} gameTitle={titleOf(webhook.gameId)} />
              </Table.Td>
              <Table.Td>
                <StateBadge webhook={webhook} />
              </Table.Td>
              <Table.Td>
                <Actions webhook={webhook} onEdit={() => setEditing(webhook)} onLog={() => setLogOf(webhook)} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
    const cards = items.map((webhook) => (
      <ListCard
        key={webhook.id}
        heading={<Summary webhook={webhook} gameTitle={titleOf(webhook.gameId)} />}
        aside={<StateBadge webhook={webhook} />}
      >
        <Group justify="flex-end" mt="xs">
          <Actions webhook={webhook} onEdit={() => setEditing(webhook)} onLog={() => setLogOf(webhook)} />
        </Group>
      </ListCard>
    ));
    return <ResponsiveList minWidth={760} table={table} cards={cards} />;
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <PageHeading title={t('pages.adminWebhooks')} subtitle={t('adminWebhooks.subtitle')} />
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
          {t('adminWebhooks.add')}
        </Button>
      </Group>
      <LoadState data={webhooks} error={error}>
        {(items) =>
          items.length === 0 ? (
            <Center py="xl">
              <Stack align="center" gap="xs">
                <IconWebhook size={28} opacity={0.5} />
                <Text c="dimmed">{t('adminWebhooks.empty')}</Text>
              </Stack>
            </Center>
          ) : (
            <Stack gap="sm">
              {items.some((webhook) => webhook.disabledReason) ? (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} p="xs">
                  <Text size="sm">{t('adminWebhooks.disabledNotice')}</Text>
                </Alert>
              ) : null}
              {list(items)}
            </Stack>
          )
        }
      </LoadState>
      {editing !== undefined ? (
        <WebhookFormModal
          opened
          key={editing?.id ?? 'new'}
          webhook={editing}
          onClose={() => setEditing(undefined)}
          onSubmit={async (model) => {
            if (editing) {
              await actions.update(editing.id, model);
              showSuccess(t('adminWebhooks.saved'));
            } else {
              const created = await actions.create(model);
              setSecret(created.secret);
            }
          }}
        />
      ) : null}
      <DeliveriesDrawer webhook={logOf} onClose={() => setLogOf(null)} />
      <SecretOnceModal
        title={t('adminWebhooks.secretTitle')}
        description={t('adminWebhooks.secretBody')}
        secret={secret}
        onClose={() => setSecret(null)}
      />
    </Stack>
  );
}
