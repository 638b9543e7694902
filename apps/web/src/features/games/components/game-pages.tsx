import { lazyPage } from '@/lib/lazy-page';

// Each player page is its own chunk: the list does not download the scoreboard and so on. The router lazily
// loads this module and expects plain components, so each lazy page is wrapped in one.
const LazyGameList = lazyPage(() => import('./game-list-page'));
const LazyGameDetail = lazyPage(() => import('./game-detail-page'));
const LazyGameChallenges = lazyPage(() => import('./challenges-page'));
const LazyGameScoreboard = lazyPage(() => import('./scoreboard-page'));
const LazyMonitorDashboard = lazyPage(() => import('@/features/monitor/components/dashboard-page'));
const LazyMonitorEvents = lazyPage(() => import('@/features/monitor/components/events-page'));
const LazyMonitorSubmissions = lazyPage(() => import('@/features/monitor/components/submissions-page'));
const LazyMonitorCheatInfo = lazyPage(() => import('@/features/monitor/components/cheat-info-page'));
const LazyMonitorEvidence = lazyPage(() => import('@/features/monitor/components/evidence-page'));
const LazyMonitorTraffic = lazyPage(() => import('@/features/containers/components/traffic-page'));
const LazyMonitorHealth = lazyPage(() => import('@/features/health/components/health-monitor-page'));

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

export function MonitorDashboardPage() {
  return <LazyMonitorDashboard />;
}

export function MonitorEventsPage() {
  return <LazyMonitorEvents />;
}

export function MonitorSubmissionsPage() {
  return <LazyMonitorSubmissions />;
}

export function MonitorCheatInfoPage() {
  return <LazyMonitorCheatInfo />;
}

export function MonitorEvidencePage() {
  return <LazyMonitorEvidence />;
}

export function MonitorTrafficPage() {
  return <LazyMonitorTraffic />;
}

export function MonitorHealthPage() {
  return <LazyMonitorHealth />;
}
