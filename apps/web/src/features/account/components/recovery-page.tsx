import { Anchor, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMutation } from '@/lib/use-mutation';
import { usePageTitle } from '@/lib/use-page-title';
import { requestRecovery } from '../api/recovery';
import { validateEmail } from '../validation';
import { AccountCard } from './account-card';
import { AccountForm } from './account-form';
import { StatusResult } from './status-result';
import { useCaptchaRequest } from './use-captcha-request';

export default function RecoveryPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.recovery.title'));
  const navigate = useNavigate();
  const captcha = useCaptchaRequest('recovery', t('account.recovery.failed'));
  const { trigger, isMutating } = useMutation(requestRecovery);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ initialValues: { email: '' }, validate: { email: validateEmail(t) } });

  const submit = form.onSubmit(({ email }) =>
    captcha.send(
      (challenge) => trigger({ email: email.trim(), challenge }),
      () => setSentTo(email.trim()),
    ),
  );

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
        <AccountForm onSubmit={submit} submitLabel={t('account.recovery.submit')} isSubmitting={isMutating}>
          <TextInput
            label={t('account.fields.email')}
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          {captcha.field}
        </AccountForm>
      )}
    </AccountCard>
  );
}
