import { Button } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Pauses or resumes live additions; while paused it counts what arrived meanwhile. */
export function LiveToggle({
  paused,
  heldCount,
  onChange,
}: {
  paused: boolean;
  heldCount: number;
  onChange: (paused: boolean) => void;
}) {
  const { t } = useTranslation();
  return paused ? (
    <Button
      size="xs"
      variant="light"
      color="yellow"
      leftSection={<IconPlayerPlay size={16} />}
      onClick={() => onChange(false)}
    >
      {heldCount > 0 ? t('monitor.live.resumeWithCount', { count: heldCount }) : t('monitor.live.resume')}
    </Button>
  ) : (
    <Button size="xs" variant="default" leftSection={<IconPlayerPause size={16} />} onClick={() => onChange(true)}>
      {t('monitor.live.pause')}
    </Button>
  );
}
