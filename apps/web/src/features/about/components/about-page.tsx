import { Badge, Card, Code, Container, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendar, IconGitCommit, IconTag } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '@/components/logo';
import { Markdown } from '@/components/markdown';
import { useClientConfig } from '@/features/info/api/get-client-config';
import { buildInfo } from '@/lib/build-info';
import { usePageTitle } from '@/lib/use-page-title';

function InfoItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <ThemeIcon variant="light" size={36} radius="md">
        {icon}
      </ThemeIcon>
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {children}
      </div>
    </Group>
  );
}

export default function AboutPage() {
  const { t } = useTranslation();
  usePageTitle(t('nav.about'));
  const { title, slogan, logoUrl, aboutText } = useClientConfig();

  return (
    <Container size="md" py="xl">
      <Stack gap="xl">
        <Group gap="lg" wrap="nowrap">
          <Logo size={64} url={logoUrl} />
          <div>
            <Title order={1}>{title}</Title>
            <Text c="dimmed" size="lg">
              {slogan}
            </Text>
          </div>
        </Group>
        {/* The organiser's own words come first; the platform's description stands in until there are some. */}
        {aboutText ? (
          <Paper withBorder p="lg" component="section" aria-label={t('about.organiserText')}>
            <Markdown source={aboutText} />
          </Paper>
        ) : (
          <Text>{t('about.description')}</Text>
        )}
        <Card p="lg">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} size="h4">
                {t('about.buildTitle')}
              </Title>
              {!buildInfo && (
                <Badge color="yellow" variant="light">
                  {t('about.unknownBuild')}
                </Badge>
              )}
            </Group>
            {buildInfo ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
                <InfoItem icon={<IconTag size={18} />} label={t('about.version')}>
                  <Text fw={600}>{buildInfo.tag}</Text>
                </InfoItem>
                <InfoItem icon={<IconGitCommit size={18} />} label={t('about.commit')}>
                  <Code title={buildInfo.commit}>{buildInfo.commit.slice(0, 10)}</Code>
                </InfoItem>
                <InfoItem icon={<IconCalendar size={18} />} label={t('about.builtAt')}>
                  <Text fw={600}>{dayjs(buildInfo.timestamp).format('LLL')}</Text>
                </InfoItem>
              </SimpleGrid>
            ) : (
              <Text c="dimmed">{t('about.unknownBuildDescription')}</Text>
            )}
          </Stack>
        </Card>
        <Text size="sm" c="dimmed">
          {t('about.poweredBy')}
        </Text>
      </Stack>
    </Container>
  );
}
