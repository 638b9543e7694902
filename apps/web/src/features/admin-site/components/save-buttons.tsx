import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The end of an edit form; Save stays disabled until something changed, so an untouched form is never sent. */
export function SaveButtons({ saving, dirty, onCancel }: { saving: boolean; dirty: boolean; onCancel?: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      {onCancel && (
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      )}
      <Button type="submit" loading={saving} disabled={!dirty}>
        {t('common.save')}
      </Button>
    </Group>
  );
}
