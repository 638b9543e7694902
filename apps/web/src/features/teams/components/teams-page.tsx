import { teamLimits } from '@flagpole/contract';
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconPlus, IconTicket, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GuardedAction } from '@/components/guarded-action';
import { PageContainer } from '@/components/page-container';
import { useProfile } from '@/features/account/api/get-profile';
import { errorText } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useTeams } from '../api/get-teams';
import { captainedCount } from '../validation';
import { CreateTeamModal } from './create-team-modal';
import { JoinTeamModal } from './join-team-modal';
import { TeamCard } from './team-card';

export default function TeamsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.teams'));
  const { user } = useProfile();
  const { teams, error, isLoading } = useTeams();
  const [createOpened, create] = useDisclosure(false);
  const [joinOpened, join] = useDisclosure(false);
  const atCaptainLimit = captainedCount(teams ?? [], user?.userId) >= teamLimits.captainedTeams;

  const actions = (
    <Group gap="sm">
      <GuardedAction reason={atCaptainLimit ? t('teams.captainLimit', { count: teamLimits.captainedTeams }) : null}>
        <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
          {t('teams.create.button')}
        </Button>
      </GuardedAction>
      <Button variant="default" leftSection={<IconTicket size={16} />} onClick={join.open}>
        {t('teams.join.button')}
      </Button>
    </Group>
  );

  return (
    <PageContainer>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('teams.title')}</Title>
            <Text c="dimmed">{t('teams.subtitle')}</Text>
          </div>
          {actions}
        </Group>

        {error !== undefined && teams === undefined && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('teams.loadFailed')}>
            {errorText(error)}
          </Alert>
        )}

        {isLoading ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Skeleton h={260} radius="md" />
            <Skeleton h={260} radius="md" />
          </SimpleGrid>
        ) : teams && teams.length > 0 ? (
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {teams.map((team) => (
              <TeamCard key={team.id} team={team} userId={user?.userId} />
            ))}
          </SimpleGrid>
        ) : (
          teams && (
            <Card p="xl">
              <Stack align="center" ta="center" gap="sm">
                <IconUsersGroup size={48} stroke={1.4} />
                <Title order={2} size="h4">
                  {t('teams.empty.title')}
                </Title>
                <Text c="dimmed" maw={460}>
                  {t('teams.empty.description')}
                </Text>
                {actions}
              </Stack>
            </Card>
          )
        )}
      </Stack>
      <CreateTeamModal opened={createOpened} onClose={create.close} />
      <JoinTeamModal opened={joinOpened} onClose={join.close} />
    </PageContainer>
  );
}
