import type { ContainerInstanceModel, GameInfoModel } from '@flagpole/contract';
import {
  ActionIcon,
  Avatar,
  Badge,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSearch, IconServer, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import useSWR from 'swr';
import { LoadState } from '@/features/admin-games/components/load-state';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { http } from '@/lib/http';
import { showError, showSuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { destroyAdminInstance, useAdminInstances } from '../api/admin-instances';
import { filterInstances } from '../lib/instance-filter';
import { InstanceAddress } from './instance-address';

interface GamesPage {
  data: GameInfoModel[];
}

/** Game titles for the filter and the table; one page of the most recent games is plenty. */
function useGameTitles(): Map<number, string> {
  const { data } = useSWR<GamesPage>('/api/edit/games?count=100&skip=0', (path: string) => http.get<GamesPage>(path), {
    refreshInterval: 0,
  });
  return useMemo(() => new Map((data?.data ?? []).map((game) => [game.id, game.title])), [data]);
}

function InstanceRow({
  instance,
  gameTitle,
  onDestroy,
}: {
  instance: ContainerInstanceModel;
  gameTitle: string | undefined;
  onDestroy: (instance: ContainerInstanceModel) => void;
}) {
  const { t } = useTranslation();
  const testContainer = instance.team === null;
  return (
    <Table.Tr>
      <Table.Td>
        {testContainer ? (
          <Badge variant="outline" color="gray">
            {t('containers.admin.testContainer')}
          </Badge>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Avatar src={instance.team?.avatar} size={28} name={instance.team?.name ?? ''} color="initials" alt="" />
            <Text size="sm" fw={600} truncate maw={160}>
              {instance.team?.name}
            </Text>
          </Group>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" truncate maw={180}>
          {instance.challenge?.title ?? '—'}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace" truncate maw={180}>
          {instance.image}
        </Text>
      </Table.Td>
      <Table.Td>
        {instance.gameId === null ? (
          '—'
        ) : (
          <Text
            component={Link}
            to={`/admin/games/${instance.gameId}/challenges`}
            size="sm"
            c="blue"
            truncate
            maw={160}
          >
            {gameTitle ?? `#${instance.gameId}`}
          </Text>
        )}
      </Table.Td>
      <Table.Td miw={260}>
        {instance.status === 'Running' ? (
          <InstanceAddress
            entry={instance.entry}
            label={instance.challenge?.title ?? instance.image}
            noInstance={testContainer}
            withTunnel={false}
          />
        ) : (
          <Badge color="yellow" variant="light">
            {t(`containers.status.${instance.status}`)}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
          {dayjs(instance.startedAt).format('MM-DD HH:mm')}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          → {dayjs(instance.expectStopAt).format('MM-DD HH:mm')}
        </Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label={t('containers.admin.destroy')}>
          <ActionIcon
            color="red"
            variant="subtle"
            onClick={() => onDestroy(instance)}
            aria-label={t('containers.admin.destroyNamed', {
              team: instance.team?.name ?? t('containers.admin.testContainer'),
              challenge: instance.challenge?.title ?? instance.image,
            })}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** Every running instance on the platform: filter by text or game, see the entry and lifetime, destroy. */
export function AdminInstancesPage() {
  const { t } = useTranslation();
  usePageTitle(t('containers.admin.title'));
  const { portMapping } = useClientConfig();
  const { data, error, mutate } = useAdminInstances();
  const games = useGameTitles();
  const [text, setText] = useState('');
  const [gameId, setGameId] = useState<string | null>(null);

  const rows = useMemo(
    () => filterInstances(data?.data ?? [], { text, gameId: gameId === null ? null : Number(gameId) }),
    [data, text, gameId],
  );
  const gameOptions = useMemo(() => {
    const ids = [...new Set((data?.data ?? []).map((item) => item.gameId).filter((id): id is number => id !== null))];
    return ids.map((id) => ({ value: String(id), label: games.get(id) ?? `#${id}` }));
  }, [data, games]);

  const destroy = (instance: ContainerInstanceModel) =>
    modals.openConfirmModal({
      title: t('containers.admin.destroyTitle'),
      children: (
        <Text size="sm">
          {t('containers.admin.destroyConfirm', {
            team: instance.team?.name ?? t('containers.admin.testContainer'),
            challenge: instance.challenge?.title ?? instance.image,
          })}
        </Text>
      ),
      labels: { confirm: t('containers.admin.destroy'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        try {
          await destroyAdminInstance(instance.containerGuid);
          showSuccess(t('containers.admin.destroyed'));
        } catch (failure) {
          showError(failure);
        } finally {
          await mutate();
        }
      },
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h3">
            {t('containers.admin.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('containers.admin.subtitle', {
              mode: t(portMapping === 'PlatformProxy' ? 'containers.admin.modeProxy' : 'containers.admin.modeDefault'),
            })}
          </Text>
        </div>
        <Badge size="lg" variant="light" leftSection={<IconServer size={14} />}>
          {t('containers.admin.count', { count: data?.data.length ?? 0 })}
        </Badge>
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          flex="1 1 240px"
          type="search"
          label={t('containers.admin.search')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <Select
          w={{ base: '100%', xs: 240 }}
          label={t('containers.admin.game')}
          placeholder={t('containers.admin.allGames')}
          data={gameOptions}
          value={gameId}
          onChange={setGameId}
          clearable
        />
      </Group>
      <LoadState data={data} error={error}>
        {() =>
          rows.length === 0 ? (
            <Card withBorder p="xl">
              <Text c="dimmed" ta="center">
                {data?.data.length ? t('containers.admin.noMatch') : t('containers.admin.empty')}
              </Text>
            </Card>
          ) : (
            <Card withBorder p={0}>
              <Table.ScrollContainer minWidth={980}>
                <Table verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('containers.admin.columns.team')}</Table.Th>
                      <Table.Th>{t('containers.admin.columns.challenge')}</Table.Th>
                      <Table.Th>{t('containers.admin.columns.game')}</Table.Th>
                      <Table.Th>{t('containers.admin.columns.entry')}</Table.Th>
                      <Table.Th>{t('containers.admin.columns.lifetime')}</Table.Th>
                      <Table.Th aria-label={t('containers.admin.columns.actions')} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((instance) => (
                      <InstanceRow
                        key={instance.containerGuid}
                        instance={instance}
                        gameTitle={instance.gameId === null ? undefined : games.get(instance.gameId)}
                        onDestroy={destroy}
                      />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )
        }
      </LoadState>
    </Stack>
  );
}
