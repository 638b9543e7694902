import { SignInFailure } from '@flagpole/contract';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** Why a single sign-on ended here instead of signing in (the server's `signInError`), in the reader's language. */
export function SignInError() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const reason = SignInFailure.safeParse(params.get('signInError'));
  if (!params.has('signInError')) return null;
  const key = reason.success ? reason.data : 'failed';
  return (
    <Alert color="red" title={t('account.sso.errorTitle')} role="alert">
      {t(`account.sso.errors.${key}`)}
    </Alert>
  );
}
