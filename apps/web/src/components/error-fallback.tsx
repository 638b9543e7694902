import { Alert, Button, Center, Code, Group, Paper, Stack, Text, Textarea, ThemeIcon, Title } from '@mantine/core';
import { IconBug, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clearCacheAndReload } from '@/lib/cache/swr-cache';
import { errorText } from '@/lib/notify';

interface ErrorFallbackProps {
  error: unknown;
  reset: () => void;
}

/** The screen shown when rendering fails: what went wrong, the stack, and two ways out. */
export function ErrorFallback({ error, reset }: ErrorFallbackProps) {
  const { t } = useTranslation();
  const message = errorText(error);
  const stack = error instanceof Error && error.stack ? error.stack : String(error);

  return (
    <Center component="main" mih="100dvh" p="md">
      <Paper w="100%" maw={760} p={{ base: 'lg', sm: 'xl' }} withBorder shadow="lg" role="alert">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={48} radius="xl" color="alert" variant="light">
              <IconBug size={28} />
            </ThemeIcon>
            <Title order={1} size="h2">
              {t('errorScreen.title')}
            </Title>
          </Group>
          <Alert color="alert" variant="light" title={t('errorScreen.messageLabel')}>
            <Code block style={{ whiteSpace: 'pre-wrap', background: 'transparent', padding: 0 }}>
              {message}
            </Code>
          </Alert>
          <Textarea
            label={t('errorScreen.stackLabel')}
            value={stack}
            readOnly
            autosize
            minRows={4}
            maxRows={12}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          />
          <Text size="sm" c="dimmed">
            {t('errorScreen.reportRequest')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" leftSection={<IconTrash size={16} />} onClick={() => void clearCacheAndReload()}>
              {t('errorScreen.cleanCache')}
            </Button>
            <Button leftSection={<IconRefresh size={16} />} onClick={reset}>
              {t('errorScreen.tryAgain')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Center>
  );
}
