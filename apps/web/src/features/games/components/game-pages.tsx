import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import { lazyPage } from '@/lib/lazy-page';

// Each player page is its own chunk: the list does not download the scoreboard and so on. The router lazily
// loads this module and expects plain components, so each lazy page is wrapped in one.
const LazyGameList = lazyPage(() => import('./game-list-page'));
const LazyGameDetail = lazyPage(() => import('./game-detail-page'));
const LazyGameChallenges = lazyPage(() => import('./challenges-page'));
const LazyGameScoreboard = lazyPage(() => import('./scoreboard-page'));

export function GameListPage() {
  return <LazyGameList />;
}

export function GameDetailPage() {
  return <LazyGameDetail />;
}

export function GameChallengesPage() {
  return <LazyGameChallenges />;
}

export function GameScoreboardPage() {
  return <LazyGameScoreboard />;
}

export function MonitorEventsPage() {
  const { t } = useTranslation();
  return <ComingSoon page={t('pages.monitorEvents')} />;
}

export function MonitorSubmissionsPage() {
  const { t } = useTranslation();
  return <ComingSoon page={t('pages.monitorSubmissions')} />;
}

export function MonitorCheatInfoPage() {
  const { t } = useTranslation();
  return <ComingSoon page={t('pages.monitorCheatInfo')} />;
}

export function MonitorTrafficPage() {
  const { t } = useTranslation();
  return <ComingSoon page={t('pages.monitorTraffic')} />;
}
