import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleX, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '@/lib/notify';

interface ErrorAlertProps {
  error: unknown;
  /** What could not be done ("The scoreboard could not be loaded"); a lost connection says so instead. */
  title: string;
  /** Loads again (an SWR `mutate`); shown as "Try again". */
  onRetry?: () => unknown;
}

/**
 * A failure inside a page: the server's reason, or, when the server could not be reached, that it could not be
 * reached (never the browser's "Failed to fetch"), with a way to try again.
 */
export function ErrorAlert({ error, title, onRetry }: ErrorAlertProps) {
  const { t } = useTranslation();
  const [retrying, setRetrying] = useState(false);
  const notice = describeError(error, (key) => t(key));
  const offline = notice.kind === 'offline';
  const retry = async () => {
    if (!onRetry) return;
    setRetrying(true);
    try {
      await onRetry();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <Alert
      color={offline ? 'gray' : notice.kind === 'fault' ? 'red' : 'orange'}
      icon={
        offline ? (
          <IconPlugConnectedX size={18} />
        ) : notice.kind === 'fault' ? (
          <IconAlertTriangle size={18} />
        ) : (
          <IconCircleX size={18} />
        )
      }
      title={offline ? notice.title : title}
      role="alert"
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{notice.message}</Text>
        {onRetry && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={retrying}
            onClick={() => void retry()}
          >
            {t('errors.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
