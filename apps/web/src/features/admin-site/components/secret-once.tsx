import { ActionIcon, Alert, Code, CopyButton, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Shows a secret (a new password or API token) that the server will never send again, with a copy button. */
export function SecretOnceModal({
  title,
  description,
  secret,
  onClose,
}: {
  title: string;
  description: string;
  secret: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title}>
      <Stack>
        <Text size="sm">{description}</Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block flex={1} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="secret-value">
            {secret}
          </Code>
          <CopyButton value={secret ?? ''} timeout={2000}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? t('adminSite.secret.copied') : t('adminSite.secret.copy')} withArrow>
                <ActionIcon
                  variant="light"
                  color={copied ? 'teal' : undefined}
                  size="lg"
                  onClick={copy}
                  aria-label={t('adminSite.secret.copy')}
                >
                  {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="xs">
          <Text size="xs">{t('adminSite.secret.once')}</Text>
        </Alert>
      </Stack>
    </Modal>
  );
}
