import { Center, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';

/** What a feed shows instead of rows: skeletons while loading, the failure, or "nothing yet". */
export function FeedState({
  error,
  loading,
  emptyText,
  onRetry,
}: {
  error: unknown;
  loading: boolean;
  emptyText: string;
  onRetry?: () => unknown;
}) {
  const { t } = useTranslation();
  if (error) return <ErrorAlert error={error} title={t('monitor.loadFailed')} onRetry={onRetry} />;
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
