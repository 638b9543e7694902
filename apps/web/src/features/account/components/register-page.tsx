import type { RegisterStatus } from '@flagpole/contract';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCaptcha } from '@/features/captcha/components/use-captcha';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { usePageTitle } from '@/lib/use-page-title';
import { useProfile } from '../api/get-profile';
import { register } from '../api/register';
import { matchesPassword, validateEmail, validateNewPassword, validateUserName } from '../validation';
import { AccountCard } from './account-card';
import { StatusResult } from './status-result';

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
  const captcha = useCaptcha('register');
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

  const submit = form.onSubmit(async (values) => {
    const challenge = await captcha.getChallenge();
    if (challenge === null) {
      showError(t('captcha.incomplete'));
      captcha.renew();
      return;
    }
    try {
      const email = values.email.trim();
      const response = await trigger({ userName: values.userName.trim(), email, password: values.password, challenge });
      captcha.consumed();
      if (response.data === 'LoggedIn') {
        await refresh();
        showSuccess(t('account.register.welcome'));
        navigate('/', { replace: true });
        return;
      }
      setOutcome({ status: response.data, email, message: response.title });
    } catch (error) {
      showError(error);
      captcha.renew();
    }
  });

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
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label={t('account.fields.userName')}
              autoComplete="username"
              {...form.getInputProps('userName')}
            />
            <TextInput
              label={t('account.fields.email')}
              type="email"
              autoComplete="email"
              {...form.getInputProps('email')}
            />
            <PasswordInput
              label={t('account.fields.password')}
              description={t('account.fields.passwordRules')}
              autoComplete="new-password"
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label={t('account.fields.confirmPassword')}
              autoComplete="new-password"
              {...form.getInputProps('confirmPassword')}
            />
            {captcha.field}
            <Button type="submit" loading={isMutating} fullWidth>
              {t('account.register.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AccountCard>
  );
}
