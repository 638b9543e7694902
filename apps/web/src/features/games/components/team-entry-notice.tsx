import type { DetailedGameInfoModel, JoinedTeam } from '@flagpole/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useJoinCheck } from '../api/get-join-check';
import { useJoinGame } from '../api/join-game';

/**
 * The caller's team is in the game but the caller is not on its roster: the roster was full when they came (the
 * captain chooses who plays), they left the game, or the captain left them out. With room, the server takes a member
 * of an entry that stands (not Rejected) without the game's invite code (docs/teams-and-game-entry.md, "Team entry").
 */
export function useTeamEntry(game: DetailedGameInfoModel, signedIn: boolean, onJoinWithCode: () => void) {
  const { t } = useTranslation();
  const { data } = useJoinCheck(signedIn && game.status === 'Unsubmitted' ? game.id : null);
  const join = useJoinGame(game.id);
  const { trigger, isMutating } = useMutation(join);
  const team: JoinedTeam | undefined = game.status === 'Unsubmitted' ? data?.joinedTeams[0] : undefined;

  const joinWithTeam = async (): Promise<void> => {
    if (!team) return;
    // A Rejected entry is a new request: when the game asks for a code or a division, the join dialog takes over.
    if (team.status === 'Rejected' && (game.inviteCodeRequired || (data?.joinableDivisions.length ?? 0) > 0)) {
      onJoinWithCode();
      return;
    }
    try {
      await trigger({ teamId: team.id });
      showSuccess(
        team.status === 'Accepted'
          ? t('games.lateMember.joinedPlaying', { team: team.name })
          : t('games.lateMember.joinedWaiting', { team: team.name }),
      );
    } catch (error) {
      showError(error, { title: t('games.join.failed'), retry: () => void joinWithTeam() });
    }
  };

  // The roster is at the game's member limit: the caller's own join would be refused, and the captain chooses.
  const full = team !== undefined && game.limit > 0 && team.players.length >= game.limit;
  return {
    team,
    full,
    joinWithTeam,
    joining: isMutating,
    canJoin: team !== undefined && team.status !== 'Suspended' && (!full || team.status === 'Rejected'),
  };
}

export type TeamEntry = ReturnType<typeof useTeamEntry>;

/** Says what is happening: the team is in the game, what its entry waits for, and how to follow it in. */
export function TeamEntryNotice({ entry }: { entry: TeamEntry }) {
  const { t } = useTranslation();
  const { team } = entry;
  if (!team) return null;
  return (
    <Alert color="blue" icon={<IconUsersGroup />} title={t('games.lateMember.title', { team: team.name })}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {entry.full && (team.status === 'Accepted' || team.status === 'Pending')
            ? t('games.lateMember.full', { team: team.name })
            : t(`games.lateMember.${team.status}`, { team: team.name })}
        </Text>
        {entry.canJoin && <TeamEntryButton entry={entry} />}
      </Stack>
    </Alert>
  );
}

export function TeamEntryButton({ entry }: { entry: TeamEntry }) {
  const { t } = useTranslation();
  if (!entry.team || !entry.canJoin) return null;
  return (
    <Button
      onClick={() => void entry.joinWithTeam()}
      loading={entry.joining}
      leftSection={<IconUsersGroup size={18} />}
    >
      {t('games.lateMember.join', { team: entry.team.name })}
    </Button>
  );
}
