import type { Division } from '@flagpole/contract';
import { Button, Center, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus, IconSearch } from '@tabler/icons-react';
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

/**
 * The divisions to show, in the organiser's order (as created, which is also the order players choose from),
 * those whose name or invitation code contains the search (any case); all for a blank search.
 */
export function shownDivisions(divisions: readonly Division[], search: string): Division[] {
  const needle = search.trim().toLowerCase();
  return divisions.filter(
    (division) => !needle || [division.name, division.inviteCode ?? ''].some((v) => v.toLowerCase().includes(needle)),
  );
}

/** A game's divisions: separate brackets with their own codes, rankings and permissions. */
export function GameDivisionsPage() {
  const { t } = useTranslation();
  const { gameId } = useRouteIds();
  const { divisions, error, reload } = useDivisions(gameId);
  const { challenges } = useEditChallenges(gameId);
  const remove = useDeleteDivision();
  // undefined: closed; null: a new division; a division: editing it.
  const [editing, setEditing] = useState<Division | null | undefined>(undefined);
  const [search, setSearch] = useState('');

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
      {divisions && divisions.length > 0 && (
        <TextInput
          type="search"
          leftSection={<IconSearch size={16} />}
          label={t('adminGames.divisions.search')}
          value={search}
          maxLength={128}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
      )}
      <LoadState data={divisions} error={error} onRetry={() => reload()}>
        {(list) =>
          shownDivisions(list, search).length === 0 ? (
            <Center py="lg">
              <Text c="dimmed" ta="center">
                {list.length === 0 ? t('adminGames.divisions.empty') : t('adminSite.list.noMatch')}
              </Text>
            </Center>
          ) : (
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              {shownDivisions(list, search).map((division) => (
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
