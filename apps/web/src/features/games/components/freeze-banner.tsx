import { type DetailedGameInfoModel, roleRank } from '@flagpole/contract';
import { Alert, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconSnowflake } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '@/features/account/api/get-profile';
import { showError, showSuccess } from '@/lib/notify';
import { useRevealScoreboard } from '../api/reveal-scoreboard';
import { isBoardFrozen } from '../lib/freeze';

/** Whether the signed-in user organises games (Admin or Monitor): they see the live board during a freeze. */
export function useIsOrganiser(): boolean {
  const { user } = useProfile();
  return user ? roleRank[user.role] >= roleRank.Monitor : false;
}

/**
 * The scoreboard freeze on the scoreboard page (docs/game-play.md, "Freeze and reveal"). Players and the public are
 * told the board is frozen and since when. Organisers are told that players see it frozen while they see the live
 * board, may switch to what players see, and an admin may reveal the final board once the game has ended.
 */
export function FreezeBanner({
  game,
  now,
  playersView,
  onPlayersView,
}: {
  game: DetailedGameInfoModel;
  now: number;
  playersView: boolean;
  onPlayersView: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const { user } = useProfile();
  const organiser = useIsOrganiser();
  const reveal = useRevealScoreboard();
  if (!isBoardFrozen(game, now) || game.freezeAt === null || game.freezeAt === undefined) return null;
  const since = dayjs(game.freezeAt).format('LLL');

  if (!organiser) {
    return (
      <Alert color="blue" icon={<IconSnowflake />} title={t('scoreboard.freeze.playerTitle', { time: since })}>
        {now >= game.end ? t('scoreboard.freeze.playerTextEnded') : t('scoreboard.freeze.playerText')}
      </Alert>
    );
  }

  const confirmReveal = () =>
    modals.openConfirmModal({
      title: t('scoreboard.freeze.revealTitle'),
      children: <Text size="sm">{t('scoreboard.freeze.revealText')}</Text>,
      labels: { confirm: t('scoreboard.freeze.reveal'), cancel: t('common.cancel') },
      onConfirm: async () => {
        try {
          await reveal(game.id);
          onPlayersView(false);
          showSuccess(t('scoreboard.freeze.revealed'));
        } catch (error) {
          showError(error, { title: t('scoreboard.freeze.revealFailed') });
        }
      },
    });

  return (
    <Alert
      color="orange"
      icon={<IconSnowflake />}
      title={t('scoreboard.freeze.organiserTitle', { time: since })}
      data-testid="freeze-banner"
    >
      <Stack gap="xs">
        <Text size="sm">
          {playersView ? t('scoreboard.freeze.showingPlayers') : t('scoreboard.freeze.showingLive')}
        </Text>
        <Group gap="md">
          <Switch
            checked={playersView}
            onChange={(event) => onPlayersView(event.currentTarget.checked)}
            label={t('scoreboard.freeze.toggle')}
          />
          {now >= game.end && (
            <Button
              size="xs"
              variant="light"
              color="orange"
              component={Link}
              to={`/games/${game.id}/scoreboard/reveal`}
            >
              {t('scoreboard.ceremony.open')}
            </Button>
          )}
          {user?.role === 'Admin' && now >= game.end && (
            <Button size="xs" color="orange" onClick={confirmReveal}>
              {t('scoreboard.freeze.reveal')}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
