import { Alert, Center, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/error-message';

/** What a feed shows instead of rows: skeletons while loading, the failure, or "nothing yet". */
export function FeedState({ error, loading, emptyText }: { error: unknown; loading: boolean; emptyText: string }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('monitor.loadFailed')}>
        {errorMessageOf(error, t('errors.unknown'))}
      </Alert>
    );
  }
  if (loading) {
    return (
      <Stack gap="xs" role="status" aria-label={t('monitor.loading')}>
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} h={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <Center py="xl">
      <Text c="dimmed">{emptyText}</Text>
    </Center>
  );
}
