import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '@/lib/notify';
import { InvalidLinkResult } from './invalid-link-result';
import { type StatusAction, StatusResult } from './status-result';
import type { MailLinkState } from './use-mail-link-action';

interface MailLinkResultProps {
  state: MailLinkState;
  pendingText: string;
  successTitle: string;
  successBody: string;
  successAction: StatusAction;
  failedTitle: string;
  failedAction: StatusAction;
}

/** What a mail-link page shows while its token is being sent, and after. */
export function MailLinkResult({
  state,
  pendingText,
  successTitle,
  successBody,
  successAction,
  failedTitle,
  failedAction,
}: MailLinkResultProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  switch (state.status) {
    case 'pending':
      return (
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">{pendingText}</Text>
        </Stack>
      );
    case 'done':
      return (
        <StatusResult kind="success" title={successTitle} action={successAction}>
          {successBody}
        </StatusResult>
      );
    case 'failed':
      return (
        <StatusResult kind="error" title={failedTitle} action={failedAction}>
          {errorText(state.error)}
        </StatusResult>
      );
    case 'invalid':
      return <InvalidLinkResult action={{ label: t('common.backHome'), onClick: () => navigate('/') }} />;
  }
}
