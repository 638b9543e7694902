import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Submit button of the long edit forms; disabled until something changed (or while a change is incomplete). */
export function SaveButton({
  loading,
  dirty,
  blocked = false,
}: {
  loading: boolean;
  dirty: boolean;
  blocked?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Button type="submit" loading={loading} disabled={!dirty || blocked} leftSection={<IconDeviceFloppy size={16} />}>
      {t('adminGames.save')}
    </Button>
  );
}

/** A bar that stays at the bottom of the window while a long form is on screen, so saving is always in reach. */
export function StickySaveBar({
  loading,
  dirty,
  blocked,
  start,
}: {
  loading: boolean;
  dirty: boolean;
  blocked?: boolean;
  start?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      shadow="md"
      mt="md"
      p="xs"
      px="sm"
      style={{ position: 'sticky', bottom: 12, zIndex: 10 }}
      bg="var(--mantine-color-body)"
    >
      <Group justify="space-between" gap="xs">
        <Group gap="xs">{start}</Group>
        <Group gap="sm">
          {dirty && (
            <Text size="sm" c="yellow" visibleFrom="xs">
              {t('adminGames.unsaved')}
            </Text>
          )}
          <SaveButton loading={loading} dirty={dirty} blocked={blocked} />
        </Group>
      </Group>
    </Paper>
  );
}
