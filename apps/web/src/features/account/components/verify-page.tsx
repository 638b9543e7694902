import { Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useProfile } from '../api/get-profile';
import { verifyAccount } from '../api/verify';
import { AccountCard } from './account-card';
import { StatusResult } from './status-result';
import { useMailLinkAction } from './use-mail-link-action';

export default function VerifyPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.verify.title'));
  const navigate = useNavigate();
  const { refresh } = useProfile();
  const state = useMailLinkAction(verifyAccount);

  useEffect(() => {
    // The server signs the user in on success.
    if (state.status === 'done') void refresh();
  }, [state.status, refresh]);

  return (
    <AccountCard title={t('account.verify.title')}>
      {state.status === 'pending' && (
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">{t('account.verify.pending')}</Text>
        </Stack>
      )}
      {state.status === 'done' && (
        <StatusResult
          kind="success"
          title={t('account.verify.successTitle')}
          action={{ label: t('common.continue'), onClick: () => navigate('/') }}
        >
          {t('account.verify.successBody')}
        </StatusResult>
      )}
      {state.status === 'failed' && (
        <StatusResult
          kind="error"
          title={t('account.verify.failedTitle')}
          action={{ label: t('common.backHome'), onClick: () => navigate('/') }}
        >
          {errorMessageOf(state.error, t('errors.unknown'))}
        </StatusResult>
      )}
      {state.status === 'invalid' && (
        <StatusResult
          kind="error"
          title={t('account.invalidLinkTitle')}
          action={{ label: t('common.backHome'), onClick: () => navigate('/') }}
        >
          {t('account.invalidLinkBody')}
        </StatusResult>
      )}
    </AccountCard>
  );
}
