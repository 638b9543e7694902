import { Button, Group, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { changePassword } from '../../api/change-password';
import { matchesPassword, required, validateNewPassword } from '../../validation';
import { NewPasswordFields } from '../new-password-fields';

export function PasswordSection() {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(changePassword);
  const form = useForm({
    initialValues: { old: '', password: '', confirmPassword: '' },
    validate: { old: required(t), password: validateNewPassword(t), confirmPassword: matchesPassword(t) },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await trigger({ old: values.old, new: values.password });
      form.reset();
      showSuccess(t('account.profile.passwordChanged'));
    } catch (error) {
      showError(error, { title: t('account.profile.passwordNotChanged') });
    }
  });

  return (
    <SectionCard title={t('account.profile.passwordTitle')} description={t('account.profile.passwordDescription')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('account.fields.currentPassword')}
            autoComplete="current-password"
            {...form.getInputProps('old')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NewPasswordFields
              getInputProps={form.getInputProps}
              label={t('account.fields.newPassword')}
              confirmLabel={t('account.fields.confirmNewPassword')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={isMutating}>
              {t('account.profile.changePassword')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
