import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '@/lib/notify';

interface Question {
  title: string;
  message: string;
  confirmLabel: string;
}

interface Confirmation extends Question {
  color: string;
  onConfirm: () => void;
}

interface Removal extends Question {
  remove: () => Promise<void>;
  /** The notice once removed. */
  done: string;
}

/** Opens a modal that asks before an action that cannot be taken back; Cancel leaves everything as it was. */
export function useConfirm() {
  const { t } = useTranslation();
  return ({ title, message, confirmLabel, color, onConfirm }: Confirmation) => {
    modals.openConfirmModal({
      title,
      children: <Text size="sm">{message}</Text>,
      labels: { confirm: confirmLabel, cancel: t('common.cancel') },
      confirmProps: { color },
      onConfirm,
    });
  };
}

/**
 * Asks in red before removing something (deleting, revoking), then runs `remove` and shows `done`, or why it
 * failed; nothing awaits the modal, so the outcome is only reported.
 */
export function useConfirmRemoval() {
  const confirm = useConfirm();
  return ({ remove, done, ...question }: Removal) =>
    confirm({
      ...question,
      color: 'red',
      onConfirm: () => {
        remove().then(() => showSuccess(done), showError);
      },
    });
}
