import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/lib/use-page-title';
import { verifyAccount } from '../api/verify';
import { AccountCard } from './account-card';
import { MailLinkResult } from './mail-link-result';
import { useMailLinkAction } from './use-mail-link-action';

export default function VerifyPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.verify.title'));
  const navigate = useNavigate();
  const state = useMailLinkAction(verifyAccount);

  return (
    <AccountCard title={t('account.verify.title')}>
      <MailLinkResult
        state={state}
        pendingText={t('account.verify.pending')}
        successTitle={t('account.verify.successTitle')}
        successBody={t('account.verify.successBody')}
        successAction={{ label: t('common.continue'), onClick: () => navigate('/') }}
        failedTitle={t('account.verify.failedTitle')}
        failedAction={{ label: t('common.backHome'), onClick: () => navigate('/') }}
      />
    </AccountCard>
  );
}
