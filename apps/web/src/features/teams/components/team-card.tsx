import type { TeamInfoModel } from '@flagpole/contract';
import { Avatar, Badge, Card, Divider, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCrown, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { teamRights } from '../validation';
import { InviteCodeField } from './invite-code-field';
import { MemberList } from './member-list';
import { TeamActions } from './team-actions';

export function TeamCard({ team, userId }: { team: TeamInfoModel; userId: string | undefined }) {
  const { t } = useTranslation();
  const rights = teamRights(team, userId);
  const name = team.name ?? t('teams.unnamed');

  return (
    <Card p="lg" component="article" aria-label={name} withBorder>
      <Stack gap="md">
        <Group wrap="nowrap" align="flex-start">
          <Avatar src={team.avatar} size={64} radius="md" name={name} color="initials" alt="" />
          <Stack gap={4} miw={0} style={{ flex: 1 }}>
            <Group gap="xs">
              <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              {team.locked && (
                <Tooltip label={t('teams.lockedHint')} multiline maw={280} withArrow>
                  <Badge color="orange" variant="light" leftSection={<IconLock size={12} />}>
                    {t('teams.locked')}
                  </Badge>
                </Tooltip>
              )}
              {rights.isCaptain && (
                <Badge color="yellow" variant="light" leftSection={<IconCrown size={12} />}>
                  {t('teams.youAreCaptain')}
                </Badge>
              )}
            </Group>
            <Text size="sm" c={team.bio ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
              {team.bio || t('teams.noBio')}
            </Text>
          </Stack>
        </Group>

        <Divider label={t('teams.members', { count: team.members?.length ?? 0 })} labelPosition="left" />
        <MemberList team={team} rights={rights} />

        {rights.canManage && <InviteCodeField teamId={team.id} />}

        <TeamActions team={team} rights={rights} />
      </Stack>
    </Card>
  );
}
