import type { GameInfoModel, GameListOrder } from '@flagpole/contract';
import { Button, Center, Group, Pagination, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconFileImport, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useDeleteGame } from '../api/delete-game';
import { GAMES_PAGE_SIZE, useEditGames } from '../api/get-games';
import { CreateGameModal } from './create-game-modal';
import { GameCards, GameTable } from './game-list';
import { LoadState } from './load-state';
import { ImportGameModal } from './transfer/import-game-modal';

export function GamesPage() {
  const { t } = useTranslation();
  usePageTitle(t('adminGames.list.title'));
  const [page, setPage] = useState(1);
  const [input, setInput] = useState('');
  const [search] = useDebouncedValue(input, 300);
  const [order, setOrder] = useState<GameListOrder>('newest');
  const { page: games, error } = useEditGames(page, search, order);
  const [createOpened, create] = useDisclosure(false);
  const [importOpened, importDialog] = useDisclosure(false);
  const deleteGame = useDeleteGame();

  const confirmDelete = (game: GameInfoModel) =>
    modals.openConfirmModal({
      title: t('adminGames.list.deleteTitle'),
      children: <Text size="sm">{t('adminGames.list.deleteConfirm', { title: game.title })}</Text>,
      labels: { confirm: t('adminGames.list.deleteSubmit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        deleteGame(game.id).then(() => showSuccess(t('adminGames.list.deleted', { title: game.title })), showError);
      },
    });

  const pages = games ? Math.max(1, Math.ceil(games.total / GAMES_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            {t('adminGames.list.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('adminGames.list.subtitle')}
          </Text>
        </div>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconFileImport size={16} />} onClick={importDialog.open}>
            {t('adminGames.transfer.import.button')}
          </Button>
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            {t('adminGames.create.button')}
          </Button>
        </Group>
      </Group>

      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          flex="1 1 240px"
          type="search"
          leftSection={<IconSearch size={16} />}
          label={t('adminGames.list.search')}
          value={input}
          maxLength={128}
          onChange={(event) => {
            setInput(event.currentTarget.value);
            setPage(1);
          }}
        />
        <Select
          label={t('adminGames.list.orderLabel')}
          w={{ base: '100%', xs: 240 }}
          allowDeselect={false}
          value={order}
          onChange={(value) => {
            if (!value) return;
            setOrder(value as GameListOrder);
            setPage(1);
          }}
          data={(['newest', 'start', 'title'] as const).map((value) => ({
            value,
            label: t(`adminGames.list.order.${value}`),
          }))}
        />
      </Group>

      <LoadState data={games} error={error}>
        {(result) =>
          result.data.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">{search.trim() ? t('adminSite.list.noMatch') : t('adminGames.list.empty')}</Text>
            </Center>
          ) : (
            <>
              <GameTable games={result.data} onDelete={confirmDelete} />
              <GameCards games={result.data} onDelete={confirmDelete} />
            </>
          )
        }
      </LoadState>

      {pages > 1 && (
        <Group justify="center">
          <Pagination
            value={page}
            onChange={setPage}
            total={pages}
            getControlProps={(control) => ({ 'aria-label': t(`adminGames.list.pager.${control}`) })}
          />
        </Group>
      )}
      <CreateGameModal opened={createOpened} onClose={create.close} />
      <ImportGameModal opened={importOpened} onClose={importDialog.close} />
    </Stack>
  );
}
