import type { TeamInfoModel } from '@flagpole/contract';
import { Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A team larger than the game's member limit enters with some of its members (docs/teams-and-game-entry.md,
 * "Team entry"): the captain ticks who plays with them; any other member is told the first members to join the team
 * play, as the server does when no choice is sent.
 */
export function JoinPlayers(props: {
  team: TeamInfoModel;
  limit: number;
  userId: string | null;
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  const { t } = useTranslation();
  const members = props.team.members ?? [];
  const captain = members.find((member) => member.captain)?.id === props.userId;
  if (!captain) {
    return (
      <Text size="sm" c="dimmed">
        {t('games.join.playersAuto')}
      </Text>
    );
  }
  const full = props.chosen.length + 1 >= props.limit;
  return (
    <Checkbox.Group
      label={t('games.join.players')}
      description={t('games.join.playersHelp')}
      value={props.chosen}
      onChange={props.onChange}
    >
      <Stack gap={6} mt="xs">
        {members.map((member) => (
          <Checkbox
            key={member.id ?? member.userName}
            value={member.id ?? ''}
            label={member.userName}
            checked={member.id === props.userId || props.chosen.includes(member.id ?? '')}
            disabled={member.id === props.userId || (full && !props.chosen.includes(member.id ?? ''))}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
