import { Grid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@/components/page-container';
import { PageLoader } from '@/components/page-loader';
import { usePageTitle } from '@/lib/use-page-title';
import { useProfile } from '../api/get-profile';
import { AvatarSection } from './profile/avatar-section';
import { EmailSection } from './profile/email-section';
import { IdentitiesSection } from './profile/identities-section';
import { PasswordSection } from './profile/password-section';
import { ProfileForm } from './profile/profile-form';
import { SignInError } from './sign-in-error';

export default function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.profile'));
  const { user } = useProfile();
  if (!user) return <PageLoader />;

  return (
    <PageContainer>
      <Stack gap="lg">
        <div>
          <Title order={1}>{t('account.profile.title')}</Title>
          <Text c="dimmed">{t('account.profile.subtitle')}</Text>
        </div>
        <SignInError />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <AvatarSection user={user} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <ProfileForm user={user} />
              <EmailSection user={user} />
              <IdentitiesSection />
              <PasswordSection />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </PageContainer>
  );
}
