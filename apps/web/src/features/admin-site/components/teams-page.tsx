import type { TeamInfoModel, TeamListOrder } from '@flagpole/contract';
import { ActionIcon, Avatar, Badge, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCrown, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminTeams, useDeleteTeam } from '../api/teams';
import { useConfirmRemoval } from '../hooks/use-confirm';
import { AdminListPage, OrderSelect, useListQuery } from './admin-list-page';
import { ListCard, ResponsiveList } from './responsive-list';
import { TeamEditModal } from './team-edit-modal';

interface TeamActions {
  edit: (team: TeamInfoModel) => void;
  remove: (team: TeamInfoModel) => void;
}

function TeamIdentity({ team }: { team: TeamInfoModel }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={team.avatar} size={36} name={team.name ?? ''} color="initials" alt="" />
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {team.name}
          </Text>
          {team.locked && (
            <Tooltip label={t('adminSite.teams.lockedBadge')} withArrow>
              <IconLock size={14} aria-label={t('adminSite.teams.lockedBadge')} />
            </Tooltip>
          )}
        </Group>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {team.bio || '—'}
        </Text>
      </Stack>
    </Group>
  );
}

function Members({ team }: { team: TeamInfoModel }) {
  return (
    <Group gap={4}>
      {(team.members ?? []).map((member) => (
        <Badge
          key={member.id ?? member.userName}
          variant={member.captain ? 'light' : 'outline'}
          color={member.captain ? 'yellow' : 'gray'}
          leftSection={member.captain ? <IconCrown size={10} /> : undefined}
          tt="none"
        >
          {member.userName}
        </Badge>
      ))}
    </Group>
  );
}

function RowActions({ team, actions }: { team: TeamInfoModel; actions: TeamActions }) {
  const { t } = useTranslation();
  const name = team.name ?? String(team.id);
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        onClick={() => actions.edit(team)}
        aria-label={t('adminSite.teams.editFor', { name })}
      >
        <IconPencil size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => actions.remove(team)}
        aria-label={t('adminSite.teams.deleteFor', { name })}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}

function TeamList({ teams, actions }: { teams: TeamInfoModel[]; actions: TeamActions }) {
  const { t } = useTranslation();
  const table = (
    <Table verticalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('adminSite.teams.team')}</Table.Th>
          <Table.Th>{t('adminSite.teams.members')}</Table.Th>
          <Table.Th w={90}>
            <VisuallyHidden>{t('adminSite.list.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {teams.map((team) => (
          <Table.Tr key={team.id}>
            <Table.Td maw={320}>
              <TeamIdentity team={team} />
            </Table.Td>
            <Table.Td>
              <Members team={team} />
            </Table.Td>
            <Table.Td>
              <RowActions team={team} actions={actions} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  const cards = teams.map((team) => (
    <ListCard key={team.id} heading={<TeamIdentity team={team} />} aside={<RowActions team={team} actions={actions} />}>
      <Stack mt="xs">
        <Members team={team} />
      </Stack>
    </ListCard>
  ));
  return <ResponsiveList minWidth={720} table={table} cards={cards} />;
}

export function TeamsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.adminTeams'));
  const query = useListQuery<TeamListOrder>('name');
  const { teams, error, pageSize } = useAdminTeams(query.page, query.search, query.order);
  const orders = (['name', 'newest', 'id'] as const).map((value) => ({
    value,
    label: t(`adminSite.teams.order.${value}`),
  }));
  const deleteTeam = useDeleteTeam();
  const confirmRemoval = useConfirmRemoval();
  const [editing, setEditing] = useState<TeamInfoModel | null>(null);

  const actions: TeamActions = {
    edit: setEditing,
    remove: (team) =>
      confirmRemoval({
        title: t('adminSite.teams.deleteTitle'),
        message: t('adminSite.teams.deleteConfirm', { name: team.name }),
        confirmLabel: t('adminSite.teams.delete'),
        remove: () => deleteTeam(team.id),
        done: t('adminSite.teams.deleted', { name: team.name }),
      }),
  };

  return (
    <AdminListPage
      title={t('pages.adminTeams')}
      subtitle={t('adminSite.teams.subtitle')}
      searchLabel={t('adminSite.teams.search')}
      searchActions={<OrderSelect query={query} orders={orders} label={t('adminSite.list.order')} />}
      query={query}
      list={teams}
      error={error}
      pageSize={pageSize}
      emptyText={t('adminSite.teams.empty')}
      renderRows={(rows) => <TeamList teams={rows} actions={actions} />}
    >
      <TeamEditModal team={editing} onClose={() => setEditing(null)} />
    </AdminListPage>
  );
}
