import { roleRank } from '@flagpole/contract';
import { Button } from '@mantine/core';
import { IconDeviceDesktopAnalytics } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProfile } from '@/features/account/api/get-profile';

/** The way into a game's monitor pages, for monitors and admins only. */
export function MonitorButton({ gameId }: { gameId: number }) {
  const { t } = useTranslation();
  const { user } = useProfile();
  if (!user || roleRank[user.role] < roleRank.Monitor) return null;
  return (
    <Button
      component={Link}
      to={`/games/${gameId}/monitor/submissions`}
      variant="default"
      leftSection={<IconDeviceDesktopAnalytics size={18} />}
    >
      {t('monitor.open')}
    </Button>
  );
}
