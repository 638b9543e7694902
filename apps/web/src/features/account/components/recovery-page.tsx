import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCaptcha } from '@/features/captcha/components/use-captcha';
import { showError } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { usePageTitle } from '@/lib/use-page-title';
import { requestRecovery } from '../api/recovery';
import { validateEmail } from '../validation';
import { AccountCard } from './account-card';
import { StatusResult } from './status-result';

export default function RecoveryPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.recovery.title'));
  const navigate = useNavigate();
  const captcha = useCaptcha('recovery');
  const { trigger, isMutating } = useMutation(requestRecovery);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: { email: validateEmail(t) } });

  const submit = form.onSubmit(async ({ email }) => {
    const challenge = await captcha.getChallenge();
    if (challenge === null) {
      showError(t('captcha.incomplete'));
      captcha.renew();
      return;
    }
    try {
      await trigger({ email: email.trim(), challenge });
      captcha.consumed();
      setSentTo(email.trim());
    } catch (error) {
      showError(error);
      captcha.renew();
    }
  });

  return (
    <AccountCard
      title={t('account.recovery.title')}
      subtitle={sentTo ? undefined : t('account.recovery.subtitle')}
      footer={
        <Anchor component={Link} to="/account/login" size="sm">
          {t('account.backToSignIn')}
        </Anchor>
      }
    >
      {sentTo ? (
        <StatusResult
          kind="mail"
          title={t('account.recovery.sentTitle')}
          action={{ label: t('account.backToSignIn'), onClick: () => navigate('/account/login') }}
        >
          {t('account.recovery.sentBody', { email: sentTo })}
        </StatusResult>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('account.fields.email')}
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            {captcha.field}
            <Button type="submit" loading={isMutating} fullWidth>
              {t('account.recovery.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
