import type { AccountPolicy } from '@flagpole/contract';
import { Button, Group, Stack, Switch, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { monoInput } from '@/lib/mono-input';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useSaveConfig } from '../api/config';
import { domainListLines, toAccountPolicy } from '../settings-form';

const SWITCHES = ['allowRegister', 'activeOnRegister', 'emailConfirmationRequired', 'useCaptcha'] as const;

export function AccountSettings({ policy }: { policy: AccountPolicy }) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useSaveConfig());
  const form = useForm({
    initialValues: { ...policy, emailDomainList: domainListLines(policy.emailDomainList) },
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await trigger({ accountPolicy: toAccountPolicy(values) });
      form.resetDirty();
      showSuccess(t('adminSite.settings.saved'));
    } catch (error) {
      showError(error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SectionCard title={t('adminSite.settings.accountTitle')} description={t('adminSite.settings.accountHelp')}>
          {SWITCHES.map((name) => (
            <Switch
              key={name}
              label={t(`adminSite.settings.policy.${name}`)}
              description={t(`adminSite.settings.policy.${name}Help`)}
              {...form.getInputProps(name, { type: 'checkbox' })}
            />
          ))}
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
        <Group justify="flex-end">
          <Button type="submit" loading={isMutating} disabled={!form.isDirty()}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
