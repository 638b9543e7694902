import type { GameInfoModel } from '@flagpole/contract';
import { Button, Center, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconFileImport, IconPlus } from '@tabler/icons-react';
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
  const { page: games, error } = useEditGames(page);
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

      <LoadState data={games} error={error}>
        {(result) =>
          result.data.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">{t('adminGames.list.empty')}</Text>
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
