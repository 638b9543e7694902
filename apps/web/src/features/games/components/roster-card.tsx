import type { DetailedGameInfoModel } from '@flagpole/contract';
import { Button, Checkbox, Paper, Stack, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { http } from '@/lib/http';
import { showError, showSuccess } from '@/lib/notify';
import { useJoinCheck } from '../api/get-join-check';
import { useMyTeams } from '../api/get-my-teams';
import { gameKeys } from '../api/keys';

/**
 * The captain of a team larger than the game's member limit chooses who plays (`PUT /api/game/{id}/roster`,
 * docs/teams-and-game-entry.md, "Team entry"). Shown only to that captain, while the team's entry stands.
 */
export function RosterCard({ game, userId }: { game: DetailedGameInfoModel; userId: string | null }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const enabled = userId !== null && game.limit > 0;
  const { data: check } = useJoinCheck(enabled ? game.id : null);
  const { data: teams } = useMyTeams(enabled);
  const team = teams?.find(
    (candidate) =>
      (candidate.members?.length ?? 0) > game.limit &&
      candidate.members?.some((member) => member.captain && member.id === userId),
  );
  const entry = check?.joinedTeams.find((joined) => joined.id === team?.id && joined.status !== 'Rejected');
  const [chosen, setChosen] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const players = entry?.players.join(',');
  useEffect(() => setChosen(players ? players.split(',') : []), [players]);
  if (!enabled || !team || !entry) return null;

  const save = async () => {
    setSaving(true);
    try {
      await http.put(gameKeys.roster(game.id), { teamId: team.id, members: chosen });
      await Promise.all([mutate(gameKeys.check(game.id)), mutate(gameKeys.game(game.id))]);
      showSuccess(t('games.roster.saved'));
    } catch (error) {
      showError(error, { title: t('games.roster.failed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          {t('games.roster.title', { team: team.name })}
        </Title>
        <Checkbox.Group description={t('games.roster.help')} value={chosen} onChange={setChosen}>
          <Stack gap={6} mt="xs">
            {(team.members ?? []).map((member) => (
              <Checkbox
                key={member.id ?? member.userName}
                value={member.id ?? ''}
                label={member.userName}
                disabled={chosen.length >= game.limit && !chosen.includes(member.id ?? '')}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Button onClick={() => void save()} loading={saving} disabled={chosen.length === 0}>
          {t('games.roster.save')}
        </Button>
      </Stack>
    </Paper>
  );
}
