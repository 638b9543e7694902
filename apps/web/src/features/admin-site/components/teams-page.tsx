import type { TeamInfoModel } from '@flagpole/contract';
import {
  ActionIcon,
  Avatar,
  Badge,
  Card,
  Center,
  Group,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCrown, IconLock, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '@/features/admin-games/components/load-state';
import { showError, showSuccess } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { useAdminTeams, useDeleteTeam } from '../api/teams';
import { ListPager, SearchBox, SearchLimitNote, useSearch } from './list-toolbar';
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
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
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
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">
        {teams.map((team) => (
          <Card key={team.id} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap">
              <TeamIdentity team={team} />
              <RowActions team={team} actions={actions} />
            </Group>
            <Stack mt="xs">
              <Members team={team} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}

export function TeamsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.adminTeams'));
  const [page, setPage] = useState(1);
  const { input, setInput, search } = useSearch();
  const { teams, error, pageSize } = useAdminTeams(page, search);
  const deleteTeam = useDeleteTeam();
  const [editing, setEditing] = useState<TeamInfoModel | null>(null);

  const actions: TeamActions = {
    edit: setEditing,
    remove: (team) =>
      modals.openConfirmModal({
        title: t('adminSite.teams.deleteTitle'),
        children: <Text size="sm">{t('adminSite.teams.deleteConfirm', { name: team.name })}</Text>,
        labels: { confirm: t('adminSite.teams.delete'), cancel: t('common.cancel') },
        confirmProps: { color: 'red' },
        onConfirm: () => {
          deleteTeam(team.id).then(() => showSuccess(t('adminSite.teams.deleted', { name: team.name })), showError);
        },
      }),
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('pages.adminTeams')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('adminSite.teams.subtitle')}
        </Text>
      </div>
      <SearchBox label={t('adminSite.teams.search')} value={input} onChange={setInput} />
      <LoadState data={teams} error={error} rows={6}>
        {(result) =>
          result.data.length === 0 ? (
            <Center py="xl">
              <Text c="dimmed">{search.trim() ? t('adminSite.list.noMatch') : t('adminSite.teams.empty')}</Text>
            </Center>
          ) : (
            <TeamList teams={result.data} actions={actions} />
          )
        }
      </LoadState>
      {search.trim() ? (
        <SearchLimitNote shown={teams?.length} />
      ) : (
        <ListPager page={page} onChange={setPage} total={teams?.total} pageSize={pageSize} />
      )}
      <TeamEditModal team={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
