import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '@/lib/error-message';

/** Renders skeletons while loading, an alert on failure, and the children once `data` is there. */
export function LoadState<T>({
  data,
  error,
  children,
  rows = 3,
}: {
  data: T | undefined;
  error: unknown;
  children: (data: T) => ReactNode;
  rows?: number;
}) {
  const { t } = useTranslation();
  if (data !== undefined) return children(data);
  if (error !== undefined) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title={t('adminGames.loadFailed')}>
        {errorMessageOf(error, t('errors.unknown'))}
      </Alert>
    );
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
