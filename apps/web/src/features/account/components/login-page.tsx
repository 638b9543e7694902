import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useClientConfig, useServerAbilities } from '@/features/info/api/get-client-config';
import { showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { usePageTitle } from '@/lib/use-page-title';
import { useProfile } from '../api/get-profile';
import { login } from '../api/login';
import { required, safeRedirect } from '../validation';
import { AccountCard } from './account-card';
import { AccountForm } from './account-form';
import { SignInError } from './sign-in-error';
import { SignInProviders } from './sign-in-providers';
import { useCaptchaRequest } from './use-captcha-request';

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refresh } = useProfile();
  const captcha = useCaptchaRequest('login', t('account.login.failed'));
  const abilities = useServerAbilities();
  const { passwordSignIn } = useClientConfig();
  // Under OIDC_ONLY the password form is for administrators only, behind a link.
  const [passwordShown, setPasswordShown] = useState(false);
  const showPassword = passwordSignIn || passwordShown;
  const { trigger, isMutating } = useMutation(login);
  const form = useForm({
    initialValues: { userName: '', password: '' },
    validate: { userName: required(t), password: required(t) },
  });

  const submit = form.onSubmit((values) =>
    captcha.send(
      (challenge) => trigger({ userName: values.userName.trim(), password: values.password, challenge }),
      async () => {
        await refresh();
        showSuccess(t('account.login.success'));
        navigate(safeRedirect(params.get('from')), { replace: true });
      },
    ),
  );

  return (
    <AccountCard
      title={t('account.login.title')}
      subtitle={t('account.login.subtitle')}
      footer={
        passwordSignIn && (
          <>
            {t('account.login.noAccount')}{' '}
            <Anchor component={Link} to="/account/register" size="sm">
              {t('account.register.title')}
            </Anchor>
          </>
        )
      }
    >
      <Stack gap="lg">
        <SignInError />
        <SignInProviders withDivider={showPassword} />
        {showPassword && (
          <AccountForm onSubmit={submit} submitLabel={t('account.login.submit')} isSubmitting={isMutating}>
            <TextInput
              label={t('account.fields.userNameOrEmail')}
              autoComplete="username"
              {...form.getInputProps('userName')}
            />
            <PasswordInput
              label={t('account.fields.password')}
              autoComplete="current-password"
              {...form.getInputProps('password')}
            />
            {abilities?.recoveryByMail && (
              <Group justify="flex-end" mt={-8}>
                <Anchor component={Link} to="/account/recovery" size="sm">
                  {t('account.login.forgot')}
                </Anchor>
              </Group>
            )}
            {abilities && !abilities.recoveryByMail && (
              <Text size="sm" c="dimmed" ta="right" mt={-8}>
                {t('account.login.forgotAskOrganiser')}
              </Text>
            )}
            {captcha.field}
          </AccountForm>
        )}
        {!showPassword && (
          <Button variant="subtle" size="xs" onClick={() => setPasswordShown(true)}>
            {t('account.sso.adminPassword')}
          </Button>
        )}
      </Stack>
    </AccountCard>
  );
}
