import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { showError, showSuccess } from '@/lib/notify';
import { signInUrl, unlinkIdentity, useIdentities } from '../../api/identities';

/** The profile's single sign-on providers: each one linked (with whom) and unlinkable, or ready to link. */
export function IdentitiesSection() {
  const { t } = useTranslation();
  const { signInProviders } = useClientConfig();
  const { linked, refresh } = useIdentities();
  if (signInProviders.length === 0) return null;

  const unlink = async (provider: (typeof signInProviders)[number]) => {
    try {
      await unlinkIdentity(provider.id);
      await refresh();
      showSuccess(t('account.sso.unlinked', { name: provider.name }));
    } catch (error) {
      showError(error, { title: t('account.sso.unlinkFailed') });
    }
  };

  return (
    <SectionCard title={t('account.sso.identitiesTitle')} description={t('account.sso.identitiesDescription')}>
      <Stack gap="sm">
        {signInProviders.map((provider) => {
          const identity = linked?.identities.find((row) => row.provider === provider.id);
          return (
            <Group key={provider.id} justify="space-between" wrap="nowrap" aria-label={provider.name}>
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{provider.name}</Text>
                  <Badge variant="light" color={identity ? 'green' : 'gray'}>
                    {identity ? t('account.sso.linkedBadge') : t('account.sso.notLinked')}
                  </Badge>
                </Group>
                {identity && (
                  <Text size="sm" c="dimmed" truncate>
                    {identity.displayName}
                  </Text>
                )}
              </div>
              {identity ? (
                <Button variant="default" color="red" size="xs" onClick={() => unlink(provider)}>
                  {t('account.sso.unlink')}
                </Button>
              ) : (
                <Button component="a" href={signInUrl(provider.id)} variant="light" size="xs">
                  {t('account.sso.link')}
                </Button>
              )}
            </Group>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
