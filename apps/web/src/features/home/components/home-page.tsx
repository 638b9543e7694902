import { Badge, Button, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconFlag3, IconTrophy, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { PageContainer } from '@/components/page-container';
import { useProfile } from '@/features/account/api/get-profile';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { PostList, useLatestPosts } from '@/features/posts';
import { usePageTitle } from '@/lib/use-page-title';
import { FeaturedGame } from './featured-game';
import classes from './home-page.module.css';

function Highlights() {
  const { t } = useTranslation();
  const items = [
    { icon: IconFlag3, title: t('home.highlights.play.title'), text: t('home.highlights.play.text') },
    { icon: IconUsersGroup, title: t('home.highlights.team.title'), text: t('home.highlights.team.text') },
    { icon: IconTrophy, title: t('home.highlights.rank.title'), text: t('home.highlights.rank.text') },
  ];
  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        {items.map((item) => (
          <Group key={item.title} gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={38} radius="md">
              <item.icon size={20} />
            </ThemeIcon>
            <div>
              <Text fw={600} size="sm">
                {item.title}
              </Text>
              <Text size="sm" c="dimmed">
                {item.text}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle();
  const { title, slogan, logoUrl } = useClientConfig();
  const { user, isLoading } = useProfile();
  const { data: posts, error } = useLatestPosts();

  return (
    <>
      <section className={classes.hero}>
        <PageContainer py={{ base: 40, sm: 64 }}>
          <div className={classes.heroGrid}>
            <Stack gap="lg" align="flex-start">
              <Group gap="md" wrap="nowrap">
                <Logo size={56} url={logoUrl} />
                <Badge variant="light" size="lg" radius="sm">
                  {t('home.badge')}
                </Badge>
              </Group>
              <Title order={1} className={classes.title}>
                {title}
              </Title>
              <Text size="xl" c="dimmed" maw={640}>
                {slogan}
              </Text>
              <Group gap="sm">
                <Button component={Link} to="/games" size="md" rightSection={<IconArrowRight size={18} />}>
                  {t('home.browseGames')}
                </Button>
                {!isLoading && !user && (
                  <Button component={Link} to="/account/register" size="md" variant="default">
                    {t('home.createAccount')}
                  </Button>
                )}
              </Group>
            </Stack>
            <FeaturedGame logoUrl={logoUrl} />
          </div>
        </PageContainer>
      </section>
      <PageContainer>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Group justify="space-between" align="baseline">
                <Title order={2} size="h3">
                  {t('home.latestPosts')}
                </Title>
                <Button component={Link} to="/posts" variant="subtle" size="compact-sm">
                  {t('home.allPosts')}
                </Button>
              </Group>
              <PostList posts={posts} error={error} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <Title order={2} size="h3">
                {t('home.howItWorks')}
              </Title>
              <Highlights />
            </Stack>
          </Grid.Col>
        </Grid>
      </PageContainer>
    </>
  );
}
