import type { ProfileUserInfoModel } from '@flagpole/contract';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconInfoCircle, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { showError } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { changeEmail } from '../../api/change-email';
import { validateEmail } from '../../validation';

export function EmailSection({ user }: { user: ProfileUserInfoModel }) {
  const { t } = useTranslation();
  const { emailChangeByLink } = useClientConfig();
  const { trigger, isMutating } = useMutation(changeEmail);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { newMail: '' },
    validate: {
      newMail: (value) =>
        validateEmail(t)(value) ?? (value.trim() === user.email ? t('account.profile.sameEmail') : null),
    },
  });

  const submit = form.onSubmit(async ({ newMail }) => {
    try {
      const response = await trigger({ newMail: newMail.trim() });
      if (response.data) {
        setSentTo(newMail.trim());
        form.reset();
      } else showError(response.title, { title: t('account.profile.emailNotChanged') });
    } catch (error) {
      showError(error, { title: t('account.profile.emailNotChanged') });
    }
  });

  // Without mail (or without confirmed addresses) a player cannot change the address: say who can, offer no form.
  if (!emailChangeByLink) {
    return (
      <SectionCard title={t('account.profile.emailTitle')}>
        <Stack>
          <TextInput label={t('account.fields.currentEmail')} value={user.email ?? ''} readOnly variant="filled" />
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            {t('account.profile.emailByOrganisers')}
          </Alert>
        </Stack>
      </SectionCard>
    );
  }

  return (
    <SectionCard title={t('account.profile.emailTitle')} description={t('account.profile.emailDescription')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput label={t('account.fields.currentEmail')} value={user.email ?? ''} readOnly variant="filled" />
          <TextInput
            label={t('account.fields.newEmail')}
            type="email"
            autoComplete="email"
            {...form.getInputProps('newMail')}
          />
          {sentTo && (
            <Alert variant="light" icon={<IconMailForward size={18} />} title={t('account.profile.emailSentTitle')}>
              {t('account.profile.emailSentBody', { email: sentTo })}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" variant="default" loading={isMutating}>
              {t('account.profile.changeEmail')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
