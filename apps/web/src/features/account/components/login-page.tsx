import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCaptcha } from '@/features/captcha/components/use-captcha';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { usePageTitle } from '@/lib/use-page-title';
import { useProfile } from '../api/get-profile';
import { login } from '../api/login';
import { required, safeRedirect } from '../validation';
import { AccountCard } from './account-card';

export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { refresh } = useProfile();
  const captcha = useCaptcha('login');
  const { trigger, isMutating } = useMutation(login);
  const form = useForm({
    initialValues: { userName: '', password: '' },
    validate: { userName: required(t), password: required(t) },
  });

  const submit = form.onSubmit(async (values) => {
    const challenge = await captcha.getChallenge();
    if (challenge === null) {
      showError(t('captcha.incomplete'));
      captcha.renew();
      return;
    }
    try {
      await trigger({ userName: values.userName.trim(), password: values.password, challenge });
      captcha.consumed();
      await refresh();
      showSuccess(t('account.login.success'));
      navigate(safeRedirect(params.get('from')), { replace: true });
    } catch (error) {
      showError(error);
      captcha.renew();
    }
  });

  return (
    <AccountCard
      title={t('account.login.title')}
      subtitle={t('account.login.subtitle')}
      footer={
        <>
          {t('account.login.noAccount')}{' '}
          <Anchor component={Link} to="/account/register" size="sm">
            {t('account.register.title')}
          </Anchor>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
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
          <Group justify="flex-end" mt={-8}>
            <Anchor component={Link} to="/account/recovery" size="sm">
              {t('account.login.forgot')}
            </Anchor>
          </Group>
          {captcha.field}
          <Button type="submit" loading={isMutating} fullWidth>
            {t('account.login.submit')}
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
