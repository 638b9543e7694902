import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Guards a form with unsaved changes: leaving the page inside the application asks first (stay, or leave and lose
 * the changes), and closing or reloading the tab makes the browser ask. Returns the dialog to render and
 * `allowLeave`, for a navigation that is meant to drop the form (after deleting what it edits).
 */
export function useUnsavedChanges(dirty: boolean) {
  const { t } = useTranslation();
  const leaving = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    // Moving within the page (a hash such as an open dialog) loses nothing.
    return dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname;
  });

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a value; the text itself is the browser's own.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const dialog = (
    <Modal opened={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} title={t('unsaved.title')} centered>
      <Stack>
        <Text size="sm">{t('unsaved.text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('unsaved.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('unsaved.leave')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return {
    dialog,
    allowLeave: () => {
      leaving.current = true;
    },
  };
}
