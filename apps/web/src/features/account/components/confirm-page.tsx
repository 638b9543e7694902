import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { usePageTitle } from '@/lib/use-page-title';
import { useProfile } from '../api/get-profile';
import { confirmMailChange } from '../api/mail-change-confirm';
import { AccountCard } from './account-card';
import { MailLinkResult } from './mail-link-result';
import { StatusResult } from './status-result';
import { useMailLinkAction } from './use-mail-link-action';

function ConfirmMailChange() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useMailLinkAction(confirmMailChange);
  const toProfile = { label: t('nav.profile'), onClick: () => navigate('/account/profile') };

  return (
    <MailLinkResult
      state={state}
      pendingText={t('account.confirm.pending')}
      successTitle={t('account.confirm.successTitle')}
      successBody={t('account.confirm.successBody')}
      successAction={toProfile}
      failedTitle={t('account.confirm.failedTitle')}
      failedAction={toProfile}
    />
  );
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
