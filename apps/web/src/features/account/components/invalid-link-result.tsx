import { useTranslation } from 'react-i18next';
import { type StatusAction, StatusResult } from './status-result';

/** A mail link that lacks its token or e-mail, so there is nothing to send. */
export function InvalidLinkResult({ action }: { action: StatusAction }) {
  const { t } = useTranslation();
  return (
    <StatusResult kind="error" title={t('account.invalidLinkTitle')} action={action}>
      {t('account.invalidLinkBody')}
    </StatusResult>
  );
}
