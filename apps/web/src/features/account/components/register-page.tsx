import type { RegisterStatus } from '@flagpole/contract';
import { Anchor, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { usePageTitle } from '@/lib/use-page-title';
import { useProfile } from '../api/get-profile';
import { register } from '../api/register';
import { matchesPassword, validateEmail, validateNewPassword, validateUserName } from '../validation';
import { AccountCard } from './account-card';
import { AccountForm } from './account-form';
import { NewPasswordFields } from './new-password-fields';
import { SignInProviders } from './sign-in-providers';
import { StatusResult } from './status-result';
import { useCaptchaRequest } from './use-captcha-request';

type PendingOutcome = { status: Exclude<RegisterStatus, 'LoggedIn'>; email: string; message: string };

function RegisterOutcome({ outcome }: { outcome: PendingOutcome }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (outcome.status === 'EmailConfirmationRequired') {
    return (
      <StatusResult
        kind="mail"
        title={t('account.register.checkMailTitle')}
        action={{ label: t('common.backHome'), onClick: () => navigate('/') }}
      >
        {t('account.register.checkMailBody', { email: outcome.email })}
      </StatusResult>
    );
  }
  return (
    <StatusResult
      kind="waiting"
      title={t('account.register.awaitingApprovalTitle')}
      action={{ label: t('common.backHome'), onClick: () => navigate('/') }}
    >
      {t('account.register.awaitingApprovalBody')}
    </StatusResult>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.register.title'));
  const navigate = useNavigate();
  const { refresh } = useProfile();
  const { passwordSignIn } = useClientConfig();
  const captcha = useCaptchaRequest('register', t('account.register.failed'));
  const { trigger, isMutating } = useMutation(register);
  const [outcome, setOutcome] = useState<PendingOutcome | null>(null);
  const form = useForm({
    initialValues: { userName: '', email: '', password: '', confirmPassword: '' },
    validate: {
      userName: validateUserName(t),
      email: validateEmail(t),
      password: validateNewPassword(t),
      confirmPassword: matchesPassword(t),
    },
  });

  const submit = form.onSubmit((values) => {
    const email = values.email.trim();
    return captcha.send(
      (challenge) => trigger({ userName: values.userName.trim(), email, password: values.password, challenge }),
      async (response) => {
        if (response.data === 'LoggedIn') {
          await refresh();
          showSuccess(t('account.register.welcome'));
          navigate('/', { replace: true });
          return;
        }
        setOutcome({ status: response.data, email, message: response.title });
      },
    );
  });

  if (!passwordSignIn) {
    return (
      <AccountCard title={t('account.register.title')} subtitle={t('account.sso.registerBySignIn')}>
        <SignInProviders withDivider={false} />
      </AccountCard>
    );
  }

  return (
    <AccountCard
      title={t('account.register.title')}
      subtitle={outcome ? undefined : t('account.register.subtitle')}
      footer={
        outcome ? undefined : (
          <>
            {t('account.register.haveAccount')}{' '}
            <Anchor component={Link} to="/account/login" size="sm">
              {t('account.login.submit')}
            </Anchor>
          </>
        )
      }
    >
      {outcome ? (
        <RegisterOutcome outcome={outcome} />
      ) : (
        <AccountForm onSubmit={submit} submitLabel={t('account.register.submit')} isSubmitting={isMutating}>
          <TextInput label={t('account.fields.userName')} autoComplete="username" {...form.getInputProps('userName')} />
          <TextInput
            label={t('account.fields.email')}
            type="email"
            autoComplete="email"
            {...form.getInputProps('email')}
          />
          <NewPasswordFields
            getInputProps={form.getInputProps}
            label={t('account.fields.password')}
            confirmLabel={t('account.fields.confirmPassword')}
          />
          {captcha.field}
        </AccountForm>
      )}
    </AccountCard>
  );
}
