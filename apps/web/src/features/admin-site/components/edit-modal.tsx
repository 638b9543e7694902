import { Modal, type ModalProps, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type ReactNode, useEffect } from 'react';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { SaveButtons } from './save-buttons';

/**
 * A modal form editing one record, open while there is a record. `save` stores the values and answers the notice
 * to show; the modal then closes. On failure it stays open with the values, so the admin can correct them.
 */
export function EditModal<Row, Values>({
  record,
  form,
  valuesOf,
  save,
  title,
  size,
  onClose,
  children,
}: {
  record: Row | null;
  form: UseFormReturnType<Values>;
  valuesOf: (record: Row | null) => Values;
  save: (record: Row, values: Values) => Promise<string>;
  title: string;
  size?: ModalProps['size'];
  onClose: () => void;
  children: ReactNode;
}) {
  const { trigger, isMutating } = useMutation(save);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset only when another record is opened.
  useEffect(() => {
    form.setValues(valuesOf(record));
    form.resetDirty(valuesOf(record));
    form.clearErrors();
  }, [record]);

  const submit = form.onSubmit(async (values) => {
    if (record === null) return;
    try {
      showSuccess(await trigger(record, values));
      onClose();
    } catch (error) {
      showError(error);
    }
  });

  return (
    <Modal opened={record !== null} onClose={onClose} title={title} size={size}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {children}
          <SaveButtons saving={isMutating} dirty={form.isDirty()} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
