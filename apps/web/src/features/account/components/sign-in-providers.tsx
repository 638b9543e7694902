import { Button, Divider, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { signInUrl } from '../api/identities';

/** A button per single sign-on provider (its configured name), above the password form when there is one. */
export function SignInProviders({ withDivider }: { withDivider: boolean }) {
  const { t } = useTranslation();
  const { signInProviders } = useClientConfig();
  if (signInProviders.length === 0) return null;
  return (
    <Stack gap="sm">
      {signInProviders.map((provider) => (
        <Button key={provider.id} component="a" href={signInUrl(provider.id)} variant="default" fullWidth>
          {t('account.sso.signInWith', { name: provider.name })}
        </Button>
      ))}
      {withDivider && <Divider label={t('account.sso.or')} labelPosition="center" />}
    </Stack>
  );
}
