import { type AdminUserInfoModel, limits, Role, type UserInfoModel } from '@flagpole/contract';
import { Code, Select, SimpleGrid, Switch, Table, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useUpdateUser } from '../api/users';
import { formatUserTime } from '../user-facts';
import { EditModal } from './edit-modal';

/** What the admin can look at but not edit: identity and activity. */
function UserFacts({ user }: { user: UserInfoModel }) {
  const { t } = useTranslation();
  const rows = [
    [t('adminSite.users.id'), <Code key="id">{user.id}</Code>],
    [t('adminSite.users.registered'), formatUserTime(user.registerTimeUtc)],
    [t('adminSite.users.lastSeen'), `${formatUserTime(user.lastVisitedUtc)} · ${user.ip || '—'}`],
  ] as const;
  return (
    <Table fz="xs" verticalSpacing={2} withRowBorders={false}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={160} c="dimmed" fw={500}>
              {label}
            </Table.Th>
            <Table.Td ff="monospace">{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function initialValues(user: UserInfoModel | null) {
  return {
    userName: user?.userName ?? '',
    email: user?.email ?? '',
    realName: user?.realName ?? '',
    stdNumber: user?.stdNumber ?? '',
    phone: user?.phone ?? '',
    bio: user?.bio ?? '',
    role: (user?.role ?? 'User') as Role,
    emailConfirmed: user?.emailConfirmed ?? false,
  };
}

type UserFormValues = ReturnType<typeof initialValues>;

export function UserEditModal({ user, onClose }: { user: UserInfoModel | null; onClose: () => void }) {
  const { t } = useTranslation();
  const updateUser = useUpdateUser();
  const form = useForm({
    initialValues: initialValues(user),
    validate: {
      userName: (value) =>
        value.trim().length < limits.userName.min || value.trim().length > limits.userName.max
          ? t('adminSite.users.invalid.userName', { min: limits.userName.min, count: limits.userName.max })
          : null,
      email: (value) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) ? null : t('adminSite.users.invalid.email')),
    },
  });

  const save = async (edited: UserInfoModel, values: UserFormValues) => {
    const changes: AdminUserInfoModel = {
      userName: values.userName.trim(),
      email: values.email.trim(),
      realName: values.realName.trim(),
      stdNumber: values.stdNumber.trim(),
      phone: values.phone.trim() || null,
      bio: values.bio.trim(),
      role: values.role,
      emailConfirmed: values.emailConfirmed,
    };
    await updateUser(edited.id, changes);
    return t('adminSite.users.saved', { name: changes.userName });
  };

  return (
    <EditModal
      record={user}
      form={form}
      valuesOf={initialValues}
      save={save}
      title={t('adminSite.users.editTitle')}
      size="lg"
      onClose={onClose}
    >
      {user && <UserFacts user={user} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('adminSite.users.userName')}
          required
          maxLength={limits.userName.max}
          {...form.getInputProps('userName')}
        />
        <TextInput
          label={t('adminSite.users.email')}
          required
          type="email"
          maxLength={limits.email.max}
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('adminSite.users.realName')}
          maxLength={limits.realName.max}
          {...form.getInputProps('realName')}
        />
        <TextInput
          label={t('adminSite.users.stdNumber')}
          maxLength={limits.stdNumber.max}
          {...form.getInputProps('stdNumber')}
        />
        <TextInput label={t('adminSite.users.phone')} maxLength={limits.phone.max} {...form.getInputProps('phone')} />
        <Select
          label={t('adminSite.users.role')}
          data={Role.options.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          allowDeselect={false}
          {...form.getInputProps('role')}
        />
      </SimpleGrid>
      <Textarea
        label={t('adminSite.users.bio')}
        autosize
        minRows={2}
        maxLength={limits.bio.max}
        {...form.getInputProps('bio')}
      />
      <Switch
        label={t('adminSite.users.emailConfirmed')}
        {...form.getInputProps('emailConfirmed', { type: 'checkbox' })}
      />
    </EditModal>
  );
}
