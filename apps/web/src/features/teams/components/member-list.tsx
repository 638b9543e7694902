import type { TeamInfoModel, TeamUserInfoModel } from '@flagpole/contract';
import { ActionIcon, Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCrown, IconUserMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GuardedAction } from '@/components/guarded-action';
import { showError, showSuccess } from '@/lib/notify';
import { useKickMember } from '../api/kick-member';
import type { TeamRights } from '../validation';

function MemberRow({ member, kick }: { member: TeamUserInfoModel; kick: (() => void) | null | 'locked' }) {
  const { t } = useTranslation();
  const name = member.userName ?? t('teams.unknownUser');
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar src={member.avatar} size={32} radius="xl" name={name} color="initials" alt="" />
        <Stack gap={0} miw={0}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            {member.captain && (
              <Badge size="xs" color="yellow" variant="light" leftSection={<IconCrown size={10} />}>
                {t('teams.captain')}
              </Badge>
            )}
          </Group>
          {member.bio && (
            <Text size="xs" c="dimmed" truncate>
              {member.bio}
            </Text>
          )}
        </Stack>
      </Group>
      {kick !== null && (
        <GuardedAction reason={kick === 'locked' ? t('teams.lockedHint') : null}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('teams.kick.label', { name })}
            onClick={kick === 'locked' ? undefined : kick}
          >
            <IconUserMinus size={18} />
          </ActionIcon>
        </GuardedAction>
      )}
    </Group>
  );
}

export function MemberList({ team, rights }: { team: TeamInfoModel; rights: TeamRights }) {
  const { t } = useTranslation();
  const kickMember = useKickMember();

  const confirmKick = (member: TeamUserInfoModel) => {
    const userId = member.id;
    if (!userId) return;
    const name = member.userName ?? t('teams.unknownUser');
    modals.openConfirmModal({
      title: t('teams.kick.title'),
      children: <Text size="sm">{t('teams.kick.confirm', { name, team: team.name ?? '' })}</Text>,
      labels: { confirm: t('teams.kick.submit'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => {
        kickMember(team.id, userId).then(() => showSuccess(t('teams.kick.done', { name })), showError);
      },
    });
  };

  return (
    <Stack gap="xs">
      {(team.members ?? []).map((member) => {
        const kickable = rights.isCaptain && !member.captain && member.id !== null;
        const kick = !kickable ? null : rights.canKick ? () => confirmKick(member) : 'locked';
        return <MemberRow key={member.id ?? member.userName} member={member} kick={kick} />;
      })}
    </Stack>
  );
}
