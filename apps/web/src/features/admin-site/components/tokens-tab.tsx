import type { ApiToken } from '@flagpole/contract';
import { tokenLimits } from '@flagpole/contract';
import {
  Badge,
  Button,
  Center,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { IconBan, IconKey, IconPlus, IconRestore } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useApiTokens, useCreateToken, useRestoreToken, useRevokeToken } from '../api/tokens';
import { useConfirmRemoval } from '../hooks/use-confirm';
import { expiryOf, type TokenState, tokenState } from '../token-expiry';
import { ListCard, ResponsiveList } from './responsive-list';
import { SecretOnceModal } from './secret-once';

const STATE_COLORS: Record<TokenState, string> = { active: 'teal', revoked: 'red', expired: 'gray' };
const formatTime = (ms: number | null) => (ms ? dayjs(ms).format('YYYY-MM-DD HH:mm') : '—');
/** The form's day count as the contract's `expiresIn`; null (never expires) when empty. */
const daysOf = (value: number | string) => (typeof value === 'number' && value > 0 ? value : null);

function CreateTokenModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useCreateToken());
  const form = useForm({
    initialValues: { name: '', expiresIn: '' as number | string },
    validate: { name: (value) => (value.trim() ? null : t('adminSite.settings.required')) },
  });
  const expiry = expiryOf(daysOf(form.values.expiresIn), Date.now());
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(async (values) => {
    try {
      const created = await trigger({ name: values.name.trim(), expiresIn: daysOf(values.expiresIn) });
      close();
      onCreated(created.token);
    } catch (error) {
      showError(error);
    }
  });
  return (
    <Modal opened={opened} onClose={close} title={t('adminSite.tokens.createTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('adminSite.tokens.name')}
            required
            maxLength={tokenLimits.name.max}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <NumberInput
            label={t('adminSite.tokens.expiry')}
            description={t('adminSite.tokens.expiryHelp')}
            min={1}
            max={tokenLimits.expiresInDays.max}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('expiresIn')}
          />
          <Text size="sm" c="dimmed" data-testid="token-expiry-preview">
            {expiry
              ? t('adminSite.tokens.expiryPreview', { date: formatTime(expiry.getTime()) })
              : t('adminSite.tokens.never')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={isMutating}>
              {t('adminSite.tokens.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function TokenActions({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  const revoke = useMutation(useRevokeToken());
  const restore = useMutation(useRestoreToken());
  const confirmRemoval = useConfirmRemoval();
  const confirmRevoke = () =>
    confirmRemoval({
      title: t('adminSite.tokens.revokeTitle'),
      message: t('adminSite.tokens.revokeConfirm', { name: token.name }),
      confirmLabel: t('adminSite.tokens.revoke'),
      remove: () => revoke.trigger(token.id),
      done: t('adminSite.tokens.revoked', { name: token.name }),
    });
  const doRestore = () =>
    restore.trigger(token.id).then(() => showSuccess(t('adminSite.tokens.restored', { name: token.name })), showError);
  return token.isRevoked ? (
    <Button
      size="xs"
      variant="light"
      color="teal"
      leftSection={<IconRestore size={14} />}
      loading={restore.isMutating}
      onClick={() => void doRestore()}
      aria-label={t('adminSite.tokens.restoreFor', { name: token.name })}
    >
      {t('adminSite.tokens.restore')}
    </Button>
  ) : (
    <Button
      size="xs"
      variant="light"
      color="red"
      leftSection={<IconBan size={14} />}
      loading={revoke.isMutating}
      onClick={confirmRevoke}
      aria-label={t('adminSite.tokens.revokeFor', { name: token.name })}
    >
      {t('adminSite.tokens.revoke')}
    </Button>
  );
}

function StateBadge({ token }: { token: ApiToken }) {
  const { t } = useTranslation();
  const state = tokenState(token, Date.now());
  return (
    <Badge color={STATE_COLORS[state]} variant="light">
      {t(`adminSite.tokens.state.${state}`)}
    </Badge>
  );
}

function TokenList({ tokens }: { tokens: ApiToken[] }) {
  const { t } = useTranslation();
  const table = (
    <Table verticalSpacing="xs" fz="sm" highlightOnHover aria-label={t('adminSite.tabs.tokens')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('adminSite.tokens.name')}</Table.Th>
          <Table.Th>{t('adminSite.tokens.status')}</Table.Th>
          <Table.Th>{t('adminSite.tokens.creator')}</Table.Th>
          <Table.Th>{t('adminSite.tokens.created')}</Table.Th>
          <Table.Th>{t('adminSite.tokens.expires')}</Table.Th>
          <Table.Th>{t('adminSite.tokens.lastUsed')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('adminSite.list.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((token) => (
          <Table.Tr key={token.id}>
            <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Table.Td>
            <Table.Td>
              <StateBadge token={token} />
            </Table.Td>
            <Table.Td>{token.creator ?? '—'}</Table.Td>
            <Table.Td ff="monospace">{formatTime(token.createdAt)}</Table.Td>
            <Table.Td ff="monospace">
              {token.expiresAt ? formatTime(token.expiresAt) : t('adminSite.tokens.never')}
            </Table.Td>
            <Table.Td ff="monospace">{formatTime(token.lastUsedAt)}</Table.Td>
            <Table.Td ta="right">
              <TokenActions token={token} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  const cards = tokens.map((token) => (
    <ListCard
      key={token.id}
      heading={
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate>
            {token.name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('adminSite.tokens.expires')}:{' '}
            {token.expiresAt ? formatTime(token.expiresAt) : t('adminSite.tokens.never')}
          </Text>
        </Stack>
      }
      aside={<StateBadge token={token} />}
    >
      <Group justify="flex-end" mt="xs">
        <TokenActions token={token} />
      </Group>
    </ListCard>
  ));
  return <ResponsiveList minWidth={760} table={table} cards={cards} />;
}

export function TokensTab() {
  const { t } = useTranslation();
  const { tokens, error } = useApiTokens();
  const [creating, create] = useDisclosure(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Text size="sm" c="dimmed" maw={640}>
          {t('adminSite.tokens.help')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
          {t('adminSite.tokens.createTitle')}
        </Button>
      </Group>
      <LoadState data={tokens} error={error}>
        {(list) =>
          list.length === 0 ? (
            <Center py="xl">
              <Stack align="center" gap="xs">
                <IconKey size={28} opacity={0.5} />
                <Text c="dimmed">{t('adminSite.tokens.empty')}</Text>
              </Stack>
            </Center>
          ) : (
            <TokenList tokens={list} />
          )
        }
      </LoadState>
      <CreateTokenModal opened={creating} onClose={create.close} onCreated={setSecret} />
      <SecretOnceModal
        title={t('adminSite.tokens.createdTitle')}
        description={t('adminSite.tokens.createdBody')}
        secret={secret}
        onClose={() => setSecret(null)}
      />
    </Stack>
  );
}
