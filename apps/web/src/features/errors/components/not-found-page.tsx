import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';
import classes from './not-found-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Center py={{ base: 60, sm: 100 }} px="md">
      <Stack align="center" gap="md" ta="center" maw={480}>
        <div className={classes.code} aria-hidden="true">
          404
        </div>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} />} mt="sm">
          {t('common.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}

export default NotFoundPage;
