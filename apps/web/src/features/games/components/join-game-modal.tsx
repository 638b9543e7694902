import type { DetailedGameInfoModel } from '@flagpole/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle, IconUsersPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '@/features/account/api/get-profile';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useJoinCheck } from '../api/get-join-check';
import { useMyTeams } from '../api/get-my-teams';
import { useJoinGame } from '../api/join-game';
import { inviteCodeNeeded, joinRequirements } from '../lib/join-divisions';
import { JoinPlayers } from './join-players';

interface JoinGameModalProps {
  game: DetailedGameInfoModel;
  opened: boolean;
  onClose: () => void;
}

export function JoinGameModal({ game, opened, onClose }: JoinGameModalProps) {
  const { t } = useTranslation();
  // A solo game: the player joins alone (a personal entry the server makes), so no team is chosen.
  const solo = game.individual === true;
  const { data: teams, isLoading } = useMyTeams(opened && !solo);
  const { data: check } = useJoinCheck(opened ? game.id : null);
  const join = useJoinGame(game.id);
  const { trigger, isMutating } = useMutation(join);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [divisionId, setDivisionId] = useState<string | null>(null);
  const [inviteCode, setInviteCode] = useState('');

  const [chosen, setChosen] = useState<string[]>([]);
  const { user } = useProfile();

  // A team larger than the limit may enter too: up to the limit play (the captain chooses who).
  const tooBig = (memberCount: number) => game.limit > 0 && memberCount > game.limit;

  // With exactly one team, it is chosen already.
  const onlyTeam = teams?.length === 1 ? teams[0] : undefined;
  const selectedTeam = teamId ?? (onlyTeam ? String(onlyTeam.id) : null);
  const selected = teams?.find((team) => String(team.id) === selectedTeam);
  const picking = selected !== undefined && tooBig(selected.members?.length ?? 0);
  const isCaptain = selected?.members?.some((member) => member.captain && member.id === user?.userId) ?? false;

  const options = (teams ?? []).map((team) => ({ value: String(team.id), label: team.name ?? `#${team.id}` }));

  // Divisions: the joinable ones, or the division of the team's standing entry (shown, not chosen).
  const requirements = joinRequirements(game, check, selectedTeam === null ? null : Number(selectedTeam));
  const division = requirements.choices.find((item) => String(item.id) === divisionId) ?? null;
  const codeFor = inviteCodeNeeded(game, requirements, division);
  const missingInvite = codeFor !== null && inviteCode.trim() === '';
  const missingDivision = requirements.divisionRequired && division === null;
  const canSubmit = (solo || selectedTeam !== null) && check !== undefined && !missingInvite && !missingDivision;

  const submit = async () => {
    if (!solo && selectedTeam === null) return;
    try {
      const status = await trigger({
        teamId: solo ? undefined : Number(selectedTeam),
        divisionId: division?.id,
        inviteCode: codeFor ? inviteCode.trim() : undefined,
        members: picking && isCaptain ? chosen : undefined,
      });
      // Accepted at once (no review): the team is in, nothing was "sent" to anyone.
      const accepted = solo
        ? t('games.join.soloAccepted', { title: game.title })
        : t('games.join.accepted', { title: game.title, team: selected?.name ?? '' });
      showSuccess(status === 'Accepted' ? accepted : t('games.join.success', { title: game.title }));
      setInviteCode('');
      onClose();
    } catch (error) {
      showError(error, { title: t('games.join.failed'), retry: () => void submit() });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('games.join.title', { title: game.title })} size="md">
      {!solo && teams && teams.length === 0 ? (
        <Stack>
          <Alert icon={<IconInfoCircle />} color="blue" title={t('games.join.noTeamTitle')}>
            {t('games.join.noTeamText')}
          </Alert>
          <Group justify="flex-end">
            <Button component={Link} to="/teams" leftSection={<IconUsersPlus size={16} />}>
              {t('games.join.goToTeams')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            {solo ? (
              <Text size="sm">{t('games.join.soloNote')}</Text>
            ) : (
              <Text size="sm" c="dimmed">
                {game.limit > 0 ? t('games.join.limitNote', { count: game.limit }) : t('games.join.reviewNote')}
              </Text>
            )}
            {!solo && (
              <Select
                label={t('games.join.team')}
                placeholder={isLoading ? t('games.join.loadingTeams') : t('games.join.teamPlaceholder')}
                data={options}
                value={selectedTeam}
                onChange={(value) => {
                  setTeamId(value);
                  setChosen([]);
                }}
                required
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            {picking && selected && (
              <JoinPlayers
                team={selected}
                limit={game.limit}
                userId={user?.userId ?? null}
                chosen={chosen}
                onChange={setChosen}
              />
            )}
            {requirements.choices.length > 0 && (
              <Select
                label={t('games.join.division')}
                description={t('games.join.divisionHelp')}
                placeholder={t('games.join.divisionPlaceholder')}
                data={requirements.choices.map((item) => ({
                  value: String(item.id),
                  label: item.inviteCodeRequired ? t('games.join.divisionWithCode', { name: item.name }) : item.name,
                }))}
                value={division ? String(division.id) : null}
                onChange={setDivisionId}
                required
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
            )}
            {requirements.fixed?.division && (
              <Text size="sm">{t('games.join.divisionFixed', { division: requirements.fixed.division.name })}</Text>
            )}
            {codeFor !== null && (
              <TextInput
                label={t('games.join.inviteCode')}
                description={
                  codeFor === 'division' && division
                    ? t('games.join.divisionCodeHelp', { division: division.name })
                    : t('games.join.inviteCodeHelp')
                }
                value={inviteCode}
                onChange={(event) => setInviteCode(event.currentTarget.value)}
                maxLength={32}
                required
                autoComplete="off"
              />
            )}
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={onClose}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={isMutating} disabled={!canSubmit}>
                {solo ? t('games.join.soloConfirm') : t('games.join.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
