import { Badge, Button, Card, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHammer } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';

/** Placeholder for pages that arrive in a later release. */
export function ComingSoon({ page }: { page: string }) {
  const { t } = useTranslation();
  usePageTitle(page);
  return (
    <Center py={{ base: 'xl', sm: 80 }}>
      <Card w="100%" maw={520} p="xl" shadow="md">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconHammer size={34} stroke={1.6} />
          </ThemeIcon>
          <Badge variant="light" size="lg">
            {t('comingSoon.badge')}
          </Badge>
          <Title order={2}>{page}</Title>
          <Text c="dimmed">{t('comingSoon.description')}</Text>
          <Group>
            <Button component={Link} to="/" variant="default" leftSection={<IconArrowLeft size={16} />}>
              {t('common.backHome')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}
