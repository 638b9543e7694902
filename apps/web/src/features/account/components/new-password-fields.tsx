import { PasswordInput } from '@mantine/core';
import type { GetInputProps } from '@mantine/form';
import { useTranslation } from 'react-i18next';

interface NewPasswordFieldsProps {
  getInputProps: GetInputProps<{ password: string; confirmPassword: string }>;
  label: string;
  confirmLabel: string;
}

/** A new password with the rules it must meet, typed twice; `new-password` lets password managers offer one. */
export function NewPasswordFields({ getInputProps, label, confirmLabel }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput
        label={label}
        description={t('account.fields.passwordRules')}
        autoComplete="new-password"
        {...getInputProps('password')}
      />
      <PasswordInput label={confirmLabel} autoComplete="new-password" {...getInputProps('confirmPassword')} />
    </>
  );
}
