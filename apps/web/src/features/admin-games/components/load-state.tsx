import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';

/** Renders skeletons while loading, an alert on failure, and the children once `data` is there. */
export function LoadState<T>({
  data,
  error,
  children,
  rows = 3,
  onRetry,
}: {
  data: T | undefined;
  error: unknown;
  children: (data: T) => ReactNode;
  rows?: number;
  /** Loads again after a failure. */
  onRetry?: () => unknown;
}) {
  const { t } = useTranslation();
  if (data !== undefined) return children(data);
  if (error !== undefined) {
    return <ErrorAlert error={error} title={t('adminGames.loadFailed')} onRetry={onRetry} />;
  }
  return (
    <Stack gap="sm">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <Skeleton key={index} h={56} radius="md" />
      ))}
    </Stack>
  );
}
