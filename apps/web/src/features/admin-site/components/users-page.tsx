import type { UserInfoModel, UserListOrder } from '@flagpole/contract';
import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconEye, IconKey, IconPencil, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/notify';
import { usePageTitle } from '@/lib/use-page-title';
import { resetUserPassword, useAdminUsers, useDeleteUser } from '../api/users';
import { useConfirm, useConfirmRemoval } from '../hooks/use-confirm';
import { formatUserTime } from '../user-facts';
import { AdminListPage, OrderSelect, useListQuery } from './admin-list-page';
import { BulkAddModal } from './bulk-add-modal';
import { ListCard, ResponsiveList } from './responsive-list';
import { RoleBadge } from './role-badge';
import { SecretOnceModal } from './secret-once';
import { UserEditModal } from './user-edit-modal';
import { UserViewDrawer } from './user-view-drawer';
import classes from './users-page.module.css';

interface UserActions {
  view: (user: UserInfoModel) => void;
  edit: (user: UserInfoModel) => void;
  resetPassword: (user: UserInfoModel) => void;
  remove: (user: UserInfoModel) => void;
}

function UserMenu({ user, actions }: { user: UserInfoModel; actions: UserActions }) {
  const { t } = useTranslation();
  const name = user.userName ?? user.id;
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={() => actions.view(user)}
        aria-label={t('adminSite.users.viewFor', { name })}
      >
        <IconEye size={18} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        onClick={() => actions.edit(user)}
        aria-label={t('adminSite.users.editFor', { name })}
      >
        <IconPencil size={18} />
      </ActionIcon>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('adminSite.users.moreFor', { name })}>
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={() => actions.resetPassword(user)}>
            {t('adminSite.users.resetPassword')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.remove(user)}>
            {t('adminSite.users.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The avatar, name and e-mail of a row; a click opens the user's details. */
function Identity({ user, onOpen }: { user: UserInfoModel; onOpen: (user: UserInfoModel) => void }) {
  return (
    <UnstyledButton onClick={() => onOpen(user)} miw={0} className={classes.identity}>
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Avatar src={user.avatar} size={36} name={user.userName ?? ''} color="initials" alt="" />
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate className={classes.name}>
            {user.userName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

function UserTable({ users, actions }: { users: UserInfoModel[]; actions: UserActions }) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing="xs" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('adminSite.users.user')}</Table.Th>
          <Table.Th>{t('adminSite.users.realName')}</Table.Th>
          <Table.Th>{t('adminSite.users.stdNumber')}</Table.Th>
          <Table.Th>{t('adminSite.users.role')}</Table.Th>
          <Table.Th>{t('adminSite.users.registered')}</Table.Th>
          <Table.Th>{t('adminSite.users.lastSeen')}</Table.Th>
          <Table.Th w={124}>
            <VisuallyHidden>{t('adminSite.list.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {users.map((user) => (
          <Table.Tr key={user.id}>
            <Table.Td maw={280}>
              <Identity user={user} onOpen={actions.view} />
            </Table.Td>
            <Table.Td>{user.realName || '—'}</Table.Td>
            <Table.Td ff={user.stdNumber ? 'monospace' : undefined}>{user.stdNumber || '—'}</Table.Td>
            <Table.Td>
              <RoleBadge role={user.role} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {formatUserTime(user.registerTimeUtc)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace">
                {formatUserTime(user.lastVisitedUtc)}
              </Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {user.ip || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <UserMenu user={user} actions={actions} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function UserCards({ users, actions }: { users: UserInfoModel[]; actions: UserActions }) {
  return users.map((user) => (
    <ListCard
      key={user.id}
      heading={<Identity user={user} onOpen={actions.view} />}
      aside={<UserMenu user={user} actions={actions} />}
    >
      <Group gap="xs" mt="xs">
        <RoleBadge role={user.role} />
        <Text size="xs" c="dimmed" ff="monospace">
          {user.ip || '—'}
        </Text>
      </Group>
    </ListCard>
  ));
}

export function UsersPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.adminUsers'));
  const query = useListQuery<UserListOrder>('newest');
  const { users, error, pageSize } = useAdminUsers(query.page, query.search, query.order);
  const orders = (['newest', 'oldest', 'name', 'lastSeen'] as const).map((value) => ({
    value,
    label: t(`adminSite.users.order.${value}`),
  }));
  const deleteUser = useDeleteUser();
  const confirm = useConfirm();
  const confirmRemoval = useConfirmRemoval();
  const [adding, add] = useDisclosure(false);
  const [viewing, setViewing] = useState<UserInfoModel | null>(null);
  const [editing, setEditing] = useState<UserInfoModel | null>(null);
  const [newPassword, setNewPassword] = useState<string | null>(null);

  const actions: UserActions = {
    view: setViewing,
    edit: setEditing,
    resetPassword: (user) =>
      confirm({
        title: t('adminSite.users.resetTitle'),
        message: t('adminSite.users.resetConfirm', { name: user.userName }),
        confirmLabel: t('adminSite.users.resetPassword'),
        color: 'orange',
        onConfirm: () => {
          resetUserPassword(user.id).then(setNewPassword, showError);
        },
      }),
    remove: (user) =>
      confirmRemoval({
        title: t('adminSite.users.deleteTitle'),
        message: t('adminSite.users.deleteConfirm', { name: user.userName }),
        confirmLabel: t('adminSite.users.delete'),
        remove: () => deleteUser(user.id),
        done: t('adminSite.users.deleted', { name: user.userName }),
      }),
  };

  return (
    <AdminListPage
      title={t('pages.adminUsers')}
      subtitle={t('adminSite.users.subtitle')}
      searchLabel={t('adminSite.users.search')}
      searchActions={
        <>
          <OrderSelect query={query} orders={orders} label={t('adminSite.list.order')} />
          <Button leftSection={<IconUserPlus size={16} />} onClick={add.open}>
            {t('adminSite.bulk.open')}
          </Button>
        </>
      }
      query={query}
      list={users}
      error={error}
      pageSize={pageSize}
      emptyText={t('adminSite.users.empty')}
      renderRows={(rows) => (
        <ResponsiveList
          minWidth={960}
          table={<UserTable users={rows} actions={actions} />}
          cards={<UserCards users={rows} actions={actions} />}
        />
      )}
    >
      <BulkAddModal opened={adding} onClose={add.close} />
      <UserViewDrawer
        user={viewing}
        onEdit={(user) => {
          setViewing(null);
          setEditing(user);
        }}
        onClose={() => setViewing(null)}
      />
      <UserEditModal user={editing} onClose={() => setEditing(null)} />
      <SecretOnceModal
        title={t('adminSite.users.newPasswordTitle')}
        description={t('adminSite.users.newPasswordBody')}
        secret={newPassword}
        onClose={() => setNewPassword(null)}
      />
    </AdminListPage>
  );
}
