import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  IconActivity,
  IconArrowLeft,
  IconFlag,
  IconGauge,
  IconHeartbeat,
  IconNetwork,
  IconScale,
  IconShieldExclamation,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LinkTabs } from '@/components/link-tabs';
import { PageContainer } from '@/components/page-container';
import { useGame } from '@/features/games/api/get-game';
import { LiveIndicator } from '@/features/games/components/live-indicator';
import type { LiveState } from '@/features/games/lib/live';
import { usePageTitle } from '@/lib/use-page-title';
import { SheetDownloads } from './sheet-downloads';

export type MonitorTab = 'dashboard' | 'events' | 'submissions' | 'cheatinfo' | 'evidence' | 'traffic' | 'health';

const TABS = [
  { path: 'dashboard', labelKey: 'monitor.tabs.dashboard', icon: IconGauge },
  { path: 'events', labelKey: 'monitor.tabs.events', icon: IconActivity },
  { path: 'submissions', labelKey: 'monitor.tabs.submissions', icon: IconFlag },
  { path: 'cheatinfo', labelKey: 'monitor.tabs.cheatinfo', icon: IconShieldExclamation },
  { path: 'evidence', labelKey: 'monitor.tabs.evidence', icon: IconScale },
  { path: 'traffic', labelKey: 'monitor.tabs.traffic', icon: IconNetwork },
  { path: 'health', labelKey: 'monitor.tabs.health', icon: IconHeartbeat },
] as const;

interface MonitorShellProps {
  gameId: number;
  active: MonitorTab;
  /** Live channel state; undefined hides the indicator. */
  live?: LiveState;
  children: ReactNode;
}

/** Header of the monitor pages: the game, the live state, the sheet downloads and the monitor tabs. */
export function MonitorShell({ gameId, active, live, children }: MonitorShellProps) {
  const { t } = useTranslation();
  const { data: game } = useGame(gameId);
  const activeTab = TABS.find((tab) => tab.path === active) ?? TABS[0];
  const page = t(activeTab.labelKey);
  usePageTitle(game ? `${page} · ${game.title}` : page);

  const tabs = TABS.map((tab) => ({
    to: `/games/${gameId}/monitor/${tab.path}`,
    label: t(tab.labelKey),
    icon: tab.icon,
    active: tab.path === active,
  }));

  return (
    <PageContainer py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Anchor component={Link} to={`/games/${gameId}`} size="sm" c="dimmed">
              <Group gap={4} component="span">
                <IconArrowLeft size={14} aria-hidden />
                {t('monitor.backToGame')}
              </Group>
            </Anchor>
            <Group gap="sm" wrap="nowrap">
              {game ? (
                <Title order={1} size="h2" lineClamp={1}>
                  {game.title}
                </Title>
              ) : (
                <Skeleton h={32} w={240} />
              )}
              {live !== undefined && (
                <LiveIndicator
                  live={live}
                  labels={{ on: t('monitor.live.connected'), off: t('monitor.live.disconnected') }}
                />
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {t('monitor.subtitle')}
            </Text>
          </Stack>
          <SheetDownloads gameId={gameId} />
        </Group>
        <LinkTabs tabs={tabs} label={t('monitor.tabs.label')} />
        {children}
      </Stack>
    </PageContainer>
  );
}
