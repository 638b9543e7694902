import { Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { errorMessageOf } from '@/lib/error-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useProfile } from '../api/get-profile';
import { confirmMailChange } from '../api/mail-change-confirm';
import { AccountCard } from './account-card';
import { StatusResult } from './status-result';
import { useMailLinkAction } from './use-mail-link-action';

function ConfirmMailChange() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh } = useProfile();
  const state = useMailLinkAction(confirmMailChange);

  useEffect(() => {
    if (state.status === 'done') void refresh();
  }, [state.status, refresh]);

  switch (state.status) {
    case 'pending':
      return (
        <Stack align="center" gap="sm" role="status">
          <Loader />
          <Text c="dimmed">{t('account.confirm.pending')}</Text>
        </Stack>
      );
    case 'done':
      return (
        <StatusResult
          kind="success"
          title={t('account.confirm.successTitle')}
          action={{ label: t('nav.profile'), onClick: () => navigate('/account/profile') }}
        >
          {t('account.confirm.successBody')}
        </StatusResult>
      );
    case 'failed':
      return (
        <StatusResult
          kind="error"
          title={t('account.confirm.failedTitle')}
          action={{ label: t('nav.profile'), onClick: () => navigate('/account/profile') }}
        >
          {errorMessageOf(state.error, t('errors.unknown'))}
        </StatusResult>
      );
    case 'invalid':
      return (
        <StatusResult
          kind="error"
          title={t('account.invalidLinkTitle')}
          action={{ label: t('common.backHome'), onClick: () => navigate('/') }}
        >
          {t('account.invalidLinkBody')}
        </StatusResult>
      );
  }
}

export default function ConfirmPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.confirm.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const { user, isLoading } = useProfile();

  if (isLoading) return <PageLoader />;
  return (
    <AccountCard title={t('account.confirm.title')}>
      {user ? (
        <ConfirmMailChange />
      ) : (
        <StatusResult
          kind="waiting"
          title={t('account.confirm.signInFirstTitle')}
          action={{
            label: t('account.login.submit'),
            onClick: () => navigate(`/account/login?from=${encodeURIComponent(location.pathname + location.search)}`),
          }}
        >
          {t('account.confirm.signInFirstBody')}
        </StatusResult>
      )}
    </AccountCard>
  );
}
