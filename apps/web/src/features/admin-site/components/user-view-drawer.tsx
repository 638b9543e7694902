import type { UserInfoModel } from '@flagpole/contract';
import { Alert, Avatar, Button, Drawer, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/notify';
import { useAdminUser } from '../api/users';
import { userFacts } from '../user-facts';
import { RoleBadge } from './role-badge';

interface UserViewDrawerProps {
  /** The list row that was opened; its id selects the user, its activity fills the rows the profile lacks. */
  user: UserInfoModel | null;
  onEdit: (user: UserInfoModel) => void;
  onClose: () => void;
}

/** A user's full details, loaded from the server when a row of the user list is opened. */
export function UserViewDrawer({ user, onEdit, onClose }: UserViewDrawerProps) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const { data: profile, error } = useAdminUser(user?.id ?? null);
  const loaded = profile && profile.userId === user?.id ? profile : null;

  return (
    <Drawer
      opened={user !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'md'}
      title={t('adminSite.users.viewTitle')}
    >
      {user && loaded ? (
        <Stack gap="md">
          <Group gap="md" wrap="nowrap">
            <Avatar src={loaded.avatar} size={64} name={loaded.userName ?? ''} color="initials" alt="" />
            <Stack gap={4} miw={0}>
              <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {loaded.userName}
              </Title>
              <Group gap="xs">
                <RoleBadge role={loaded.role} />
                <Text size="xs" c={user.emailConfirmed ? 'teal' : 'orange'}>
                  {user.emailConfirmed ? t('adminSite.users.emailVerified') : t('adminSite.users.emailUnverified')}
                </Text>
              </Group>
            </Stack>
          </Group>
          <Table fz="sm" verticalSpacing={6} horizontalSpacing={0} withRowBorders={false} layout="fixed">
            <Table.Tbody>
              {userFacts(loaded, user).map((fact) => (
                <Table.Tr key={fact.label}>
                  <Table.Th w={140} pr="sm" c="dimmed" fw={500} style={{ verticalAlign: 'top' }}>
                    {t(`adminSite.users.${fact.label}`)}
                  </Table.Th>
                  <Table.Td ff={fact.mono ? 'monospace' : undefined} style={{ overflowWrap: 'anywhere' }}>
                    {fact.value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={4}>
            <Text size="sm" c="dimmed" fw={500}>
              {t('adminSite.users.bio')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {loaded.bio?.trim() || t('adminSite.users.noBio')}
            </Text>
          </Stack>
          <Group justify="flex-end">
            <Button leftSection={<IconPencil size={16} />} onClick={() => onEdit(user)}>
              {t('adminSite.users.editTitle')}
            </Button>
          </Group>
        </Stack>
      ) : error && user ? (
        <Alert
          color="alert"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('adminSite.users.loadFailed')}
        >
          {errorText(error)}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy>
          <Group gap="md">
            <Skeleton circle h={64} w={64} />
            <Skeleton h={20} w="50%" />
          </Group>
          <Skeleton h={14} />
          <Skeleton h={14} w="80%" />
          <Skeleton h={14} w="60%" />
        </Stack>
      )}
    </Drawer>
  );
}
