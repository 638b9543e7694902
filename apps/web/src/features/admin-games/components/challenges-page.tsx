import { ChallengeCategory as Categories, type ChallengeCategory, type ChallengeInfoModel } from '@flagpole/contract';
import { Button, Center, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGameHealth } from '@/features/health/api/health';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useEditChallenges } from '../api/get-challenges';
import { useRecountAccepted } from '../api/recount-accepted';
import { ChallengeRow } from './challenges/challenge-row';
import { CreateChallengeModal } from './challenges/create-challenge-modal';
import { filterByGamePhase, GamePhaseFilter } from './challenges/game-phase-filter';
import { GameHeader } from './game-header';
import { LoadState } from './load-state';
import { useRouteIds } from './use-route-ids';

/** Challenges grouped by category, in the contract's category order, titles sorted within a group. */
export function groupByCategory(challenges: readonly ChallengeInfoModel[]) {
  return Categories.options
    .map((category) => ({
      category,
      items: challenges.filter((item) => item.category === category).sort((a, b) => a.title.localeCompare(b.title)),
    }))
    .filter((group): group is { category: ChallengeCategory; items: ChallengeInfoModel[] } => group.items.length > 0);
}

/** The challenges whose title, category or type contains the text (any case); all of them for a blank text. */
export function matchChallenges(challenges: readonly ChallengeInfoModel[], text: string): ChallengeInfoModel[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...challenges];
  return challenges.filter((item) =>
    [item.title, item.category, item.type].some((value) => value.toLowerCase().includes(needle)),
  );
}

export function ChallengesPage() {
  const { t } = useTranslation();
  const { gameId } = useRouteIds();
  const { challenges, error } = useEditChallenges(gameId);
  const { health } = useGameHealth(gameId);
  const healthById = new Map(health?.challenges.map((row) => [row.challengeId, row]));
  const [createOpened, create] = useDisclosure(false);
  const recount = useMutation(useRecountAccepted());
  const [search, setSearch] = useState('');
  const [gamePhase, setGamePhase] = useState('all');
  const shown = (list: readonly ChallengeInfoModel[]) => matchChallenges(filterByGamePhase(list, gamePhase), search);

  const runRecount = async () => {
    try {
      await recount.trigger(gameId);
      showSuccess(t('adminGames.challenges.recounted'));
    } catch (caught) {
      showError(caught);
    }
  };

  return (
    <Stack gap="md">
      <GameHeader gameId={gameId} page={t('adminGames.tabs.challenges')} />
      <Group justify="space-between">
        <Text c="dimmed" size="sm">
          {t('adminGames.challenges.summary', {
            count: challenges?.length ?? 0,
            enabled: challenges?.filter((item) => item.isEnabled).length ?? 0,
          })}
        </Text>
        <Group gap="xs">
          <Tooltip label={t('adminGames.challenges.recountHint')} multiline maw={280} withArrow>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => void runRecount()}
              loading={recount.isMutating}
            >
              {t('adminGames.challenges.recount')}
            </Button>
          </Tooltip>
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            {t('adminGames.challenges.create.button')}
          </Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput
          type="search"
          leftSection={<IconSearch size={16} />}
          label={t('adminGames.challenges.search')}
          value={search}
          maxLength={128}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 16rem' }}
        />
        <GamePhaseFilter gameId={gameId} value={gamePhase} onChange={setGamePhase} />
      </Group>
      <LoadState data={challenges} error={error}>
        {(list) =>
          shown(list).length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">
                {list.length === 0 ? t('adminGames.challenges.empty') : t('adminSite.list.noMatch')}
              </Text>
            </Center>
          ) : (
            <Stack gap="lg">
              {groupByCategory(shown(list)).map((group) => (
                <Stack
                  key={group.category}
                  gap="xs"
                  component="section"
                  aria-label={t(`adminGames.category.${group.category}`)}
                >
                  <Title order={2} size="h5">
                    {t(`adminGames.category.${group.category}`)} · {group.items.length}
                  </Title>
                  {group.items.map((challenge) => (
                    <ChallengeRow
                      key={challenge.id}
                      gameId={gameId}
                      challenge={challenge}
                      health={healthById.get(challenge.id)}
                    />
                  ))}
                </Stack>
              ))}
            </Stack>
          )
        }
      </LoadState>
      <CreateChallengeModal gameId={gameId} opened={createOpened} onClose={create.close} />
    </Stack>
  );
}
