import { Anchor, Skeleton, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useServerAbilities } from '@/features/info/api/get-client-config';
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
  // Without mail (or without confirmed addresses) no link can be sent: say so before anything is typed.
  const abilities = useServerAbilities();
  const unavailable = abilities !== null && !abilities.recoveryByMail;

  const submit = form.onSubmit(({ email }) =>
    captcha.send(
      (challenge) => trigger({ email: email.trim(), challenge }),
      () => setSentTo(email.trim()),
    ),
  );

  return (
    <AccountCard
      title={t('account.recovery.title')}
      subtitle={sentTo || abilities === null || unavailable ? undefined : t('account.recovery.subtitle')}
      footer={
        <Anchor component={Link} to="/account/login" size="sm">
          {t('account.backToSignIn')}
        </Anchor>
      }
    >
      {abilities === null ? (
        <Skeleton h={120} />
      ) : unavailable ? (
        <StatusResult kind="error" title={t('account.recovery.unavailableTitle')}>
          {t('account.recovery.unavailableBody')}
        </StatusResult>
      ) : sentTo ? (
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
