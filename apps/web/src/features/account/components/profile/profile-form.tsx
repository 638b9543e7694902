import { limits, type ProfileUserInfoModel } from '@flagpole/contract';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useUpdateProfile } from '../../api/update-profile';
import { validateUserName } from '../../validation';

export function ProfileForm({ user }: { user: ProfileUserInfoModel }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useUpdateProfile());
  const form = useForm({
    initialValues: {
      userName: user.userName ?? '',
      bio: user.bio ?? '',
      realName: user.realName ?? '',
      stdNumber: user.stdNumber ?? '',
      phone: user.phone ?? '',
    },
    validate: {
      userName: validateUserName(t),
      phone: (value) => (/^\+?[0-9 ()-]*$/.test(value) ? null : t('account.validation.phone')),
    },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await trigger({ ...values, userName: values.userName.trim() });
      form.resetDirty();
      showSuccess(t('account.profile.saved'));
    } catch (error) {
      showError(error, { title: t('account.profile.notSaved') });
    }
  });

  return (
    <SectionCard title={t('account.profile.detailsTitle')} description={t('account.profile.detailsDescription')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('account.fields.userName')} {...form.getInputProps('userName')} />
            <TextInput
              label={t('account.fields.realName')}
              maxLength={limits.realName.max}
              {...form.getInputProps('realName')}
            />
            <TextInput
              label={t('account.fields.stdNumber')}
              maxLength={limits.stdNumber.max}
              {...form.getInputProps('stdNumber')}
            />
            <TextInput
              label={t('account.fields.phone')}
              type="tel"
              maxLength={limits.phone.max}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <Textarea
            label={t('account.fields.bio')}
            autosize
            minRows={2}
            maxRows={5}
            maxLength={limits.bio.max}
            description={`${form.values.bio.length}/${limits.bio.max}`}
            {...form.getInputProps('bio')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isMutating} disabled={!form.isDirty()}>
              {t('account.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
