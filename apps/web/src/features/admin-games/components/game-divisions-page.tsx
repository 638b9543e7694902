import type { Division } from '@flagpole/contract';
import { Button, Center, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useDeleteDivision, useDivisions } from '../api/divisions';
import { useEditChallenges } from '../api/get-challenges';
import { DivisionCard } from './divisions/division-card';
import { DivisionEditor } from './divisions/division-editor';
import { GameHeader } from './game-header';
import { LoadState } from './load-state';
import { useRouteIds } from './use-route-ids';

/** A game's divisions: separate brackets with their own codes, rankings and permissions. */
export function GameDivisionsPage() {
  const { t } = useTranslation();
  const { gameId } = useRouteIds();
  const { divisions, error, reload } = useDivisions(gameId);
  const { challenges } = useEditChallenges(gameId);
  const remove = useDeleteDivision();
  // undefined: closed; null: a new division; a division: editing it.
  const [editing, setEditing] = useState<Division | null | undefined>(undefined);

  const confirmDelete = (division: Division) =>
    modals.openConfirmModal({
      title: t('adminGames.divisions.deleteTitle'),
      children: <Text size="sm">{t('adminGames.divisions.deleteConfirm', { name: division.name })}</Text>,
      labels: { confirm: t('adminGames.divisions.deleteSubmit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        remove(gameId, division.id).then(
          () => showSuccess(t('adminGames.divisions.deleted', { name: division.name })),
          showError,
        );
      },
    });

  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={t('adminGames.tabs.divisions')} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <Text size="sm" c="dimmed" maw={720}>
          {t('adminGames.divisions.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)} disabled={!divisions}>
          {t('adminGames.divisions.new')}
        </Button>
      </Group>
      <LoadState data={divisions} error={error} onRetry={() => reload()}>
        {(list) =>
          list.length === 0 ? (
            <Center py="lg">
              <Text c="dimmed" ta="center">
                {t('adminGames.divisions.empty')}
              </Text>
            </Center>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {list.map((division) => (
                <DivisionCard
                  key={division.id}
                  division={division}
                  onEdit={() => setEditing(division)}
                  onDelete={() => confirmDelete(division)}
                />
              ))}
            </SimpleGrid>
          )
        }
      </LoadState>
      {editing !== undefined && divisions && (
        <DivisionEditor
          key={editing?.id ?? 'new'}
          gameId={gameId}
          division={editing ?? undefined}
          others={divisions.filter((division) => division.id !== editing?.id)}
          challenges={challenges ?? []}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Stack>
  );
}
