import type { AccountPolicy } from '@flagpole/contract';
import { Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { useServerAbilities } from '@/features/info/api/get-client-config';
import { monoInput } from '@/lib/mono-input';
import { domainListLines, toAccountPolicy } from '../settings-form';
import { ConfigSectionForm } from './config-section-form';

const SWITCHES = ['allowRegister', 'activeOnRegister', 'emailConfirmationRequired', 'useCaptcha'] as const;

export function AccountSettings({ policy }: { policy: AccountPolicy }) {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { ...policy, emailDomainList: domainListLines(policy.emailDomainList) },
  });
  // Confirming addresses needs mail: without it registration would fail; a captcha needs a provider, without one
  // it would protect nothing. A switch already on can still be turned off.
  const abilities = useServerAbilities();
  const missing = (name: (typeof SWITCHES)[number]) => {
    if (name === 'emailConfirmationRequired' && abilities?.mailEnabled === false && !form.values[name])
      return 'needsMail';
    if (name === 'useCaptcha' && abilities?.captchaEnabled === false && !form.values[name])
      return 'needsCaptchaProvider';
    return null;
  };

  return (
    <ConfigSectionForm form={form} toUpdate={(values) => ({ accountPolicy: toAccountPolicy(values) })}>
      <SectionCard title={t('adminSite.settings.accountTitle')} description={t('adminSite.settings.accountHelp')}>
        {SWITCHES.map((name) => {
          const reason = missing(name);
          return (
            <Switch
              key={name}
              label={t(`adminSite.settings.policy.${name}`)}
              description={t(`adminSite.settings.policy.${reason ?? `${name}Help`}`)}
              disabled={reason !== null}
              {...form.getInputProps(name, { type: 'checkbox' })}
            />
          );
        })}
        <Textarea
          label={t('adminSite.settings.policy.emailDomainList')}
          description={t('adminSite.settings.policy.emailDomainListHelp')}
          placeholder={'example.edu\nstudents.example.org'}
          autosize
          minRows={3}
          styles={monoInput}
          {...form.getInputProps('emailDomainList')}
        />
      </SectionCard>
    </ConfigSectionForm>
  );
}
