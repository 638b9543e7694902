import type { ConfigUpdateModel } from '@flagpole/contract';
import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useSaveConfig } from '../api/config';
import { SaveButtons } from './save-buttons';

/**
 * One settings tab as a form. Saving sends only the config sections `toUpdate` makes of the values, so the other
 * tabs' settings stay as stored; afterwards the saved values count as unchanged.
 */
export function ConfigSectionForm<Values>({
  form,
  toUpdate,
  children,
}: {
  form: UseFormReturnType<Values>;
  toUpdate: (values: Values) => ConfigUpdateModel;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { trigger, isMutating } = useMutation(useSaveConfig());

  const submit = form.onSubmit(async (values) => {
    try {
      await trigger(toUpdate(values));
      form.resetDirty();
      showSuccess(t('adminSite.settings.saved'));
    } catch (error) {
      showError(error, { title: t('adminSite.settings.notSaved') });
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {children}
        <SaveButtons saving={isMutating} dirty={form.isDirty()} />
      </Stack>
    </form>
  );
}
