import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { usePageTitle } from '@/lib/use-page-title';
import { resetPassword } from '../api/password-reset';
import { mailLinkParams, matchesPassword, validateNewPassword } from '../validation';
import { AccountCard } from './account-card';
import { AccountForm } from './account-form';
import { InvalidLinkResult } from './invalid-link-result';
import { NewPasswordFields } from './new-password-fields';

export default function ResetPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.reset.title'));
  const navigate = useNavigate();
  const { search } = useLocation();
  const link = mailLinkParams(search);
  const { trigger, isMutating } = useMutation(resetPassword);
  const form = useForm({
    initialValues: { password: '', confirmPassword: '' },
    validate: { password: validateNewPassword(t), confirmPassword: matchesPassword(t) },
  });

  const submit = form.onSubmit(async ({ password }) => {
    if (!link) return;
    try {
      await trigger({ password, email: link.email, rToken: link.token });
      showSuccess(t('account.reset.success'));
      navigate('/account/login', { replace: true });
    } catch (error) {
      showError(error, { title: t('account.reset.failed') });
    }
  });

  return (
    <AccountCard title={t('account.reset.title')} subtitle={link ? t('account.reset.subtitle') : undefined}>
      {link ? (
        <AccountForm onSubmit={submit} submitLabel={t('account.reset.submit')} isSubmitting={isMutating}>
          <NewPasswordFields
            getInputProps={form.getInputProps}
            label={t('account.fields.newPassword')}
            confirmLabel={t('account.fields.confirmPassword')}
          />
        </AccountForm>
      ) : (
        <InvalidLinkResult
          action={{ label: t('account.recovery.title'), onClick: () => navigate('/account/recovery') }}
        />
      )}
    </AccountCard>
  );
}
