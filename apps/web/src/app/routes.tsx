import type { ComponentType } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { RequireRole } from '@/features/account/components/require-role';
import { WebhookAlerts } from '@/features/admin-webhooks/components/webhook-alerts';
import { HealthAlerts } from '@/features/health/components/health-alerts';
import { lazyPage } from '@/lib/lazy-page';
import { AppLayout } from './layouts/app-layout';

/** Lazily loads one named export of a module that groups several small pages. */
function lazyNamed<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazyPage(() => load().then((module) => ({ default: module[name] as ComponentType })));
}

const HomePage = lazyPage(() => import('@/features/home/components/home-page'));
const AboutPage = lazyPage(() => import('@/features/about/components/about-page'));
const TeamsPage = lazyPage(() => import('@/features/teams/components/teams-page'));
const TeamPage = lazyPage(() => import('@/features/teams/components/team-page'));
const NotFoundPage = lazyPage(() => import('@/features/errors/components/not-found-page'));
const ErrorTestPage = lazyPage(() => import('@/features/errors/components/error-test-page'));

const LoginPage = lazyPage(() => import('@/features/account/components/login-page'));
const RegisterPage = lazyPage(() => import('@/features/account/components/register-page'));
const RecoveryPage = lazyPage(() => import('@/features/account/components/recovery-page'));
const ResetPage = lazyPage(() => import('@/features/account/components/reset-page'));
const VerifyPage = lazyPage(() => import('@/features/account/components/verify-page'));
const ConfirmPage = lazyPage(() => import('@/features/account/components/confirm-page'));
const ProfilePage = lazyPage(() => import('@/features/account/components/profile-page'));

const PostsPage = lazyPage(() => import('@/features/posts/components/posts-page'));
const PostPage = lazyPage(() => import('@/features/posts/components/post-page'));
const PostEditPage = lazyPage(() => import('@/features/posts/components/post-edit-page'));

const gamePages = () => import('@/features/games/components/game-pages');
const GameListPage = lazyNamed(gamePages, 'GameListPage');
const GameDetailPage = lazyNamed(gamePages, 'GameDetailPage');
const GameChallengesPage = lazyNamed(gamePages, 'GameChallengesPage');
const GameScoreboardPage = lazyNamed(gamePages, 'GameScoreboardPage');
const MonitorDashboardPage = lazyNamed(gamePages, 'MonitorDashboardPage');
const MonitorEventsPage = lazyNamed(gamePages, 'MonitorEventsPage');
const RevealCeremonyPage = lazyPage(() => import('@/features/games/components/reveal-ceremony-page'));
const MonitorSubmissionsPage = lazyNamed(gamePages, 'MonitorSubmissionsPage');
const MonitorCheatInfoPage = lazyNamed(gamePages, 'MonitorCheatInfoPage');
const MonitorEvidencePage = lazyNamed(gamePages, 'MonitorEvidencePage');
const MonitorTrafficPage = lazyNamed(gamePages, 'MonitorTrafficPage');
const MonitorHealthPage = lazyNamed(gamePages, 'MonitorHealthPage');

const adminPages = () => import('@/features/admin/components/admin-pages');
const AdminGamesPage = lazyNamed(adminPages, 'AdminGamesPage');
const AdminGameInfoPage = lazyNamed(adminPages, 'AdminGameInfoPage');
const AdminGameNoticesPage = lazyNamed(adminPages, 'AdminGameNoticesPage');
const AdminGameAwardsPage = lazyNamed(adminPages, 'AdminGameAwardsPage');
const AdminGameDivisionsPage = lazyNamed(adminPages, 'AdminGameDivisionsPage');
const AdminGameReviewPage = lazyNamed(adminPages, 'AdminGameReviewPage');
const AdminGameWriteupsPage = lazyNamed(adminPages, 'AdminGameWriteupsPage');
const AdminChallengesPage = lazyNamed(adminPages, 'AdminChallengesPage');
const AdminChallengeEditPage = lazyNamed(adminPages, 'AdminChallengeEditPage');
const AdminChallengeFlagsPage = lazyNamed(adminPages, 'AdminChallengeFlagsPage');
const AdminInstancesPage = lazyNamed(adminPages, 'AdminInstancesPage');
const AdminLogsPage = lazyNamed(adminPages, 'AdminLogsPage');
const AdminSettingsPage = lazyNamed(adminPages, 'AdminSettingsPage');
const AdminTeamsPage = lazyNamed(adminPages, 'AdminTeamsPage');
const AdminUsersPage = lazyNamed(adminPages, 'AdminUsersPage');
const AdminWebhooksPage = lazyNamed(adminPages, 'AdminWebhooksPage');

const requireUser = (
  <RequireRole minRole="User">
    <Outlet />
  </RequireRole>
);
const requireMonitor = (
  <RequireRole minRole="Monitor">
    <Outlet />
  </RequireRole>
);
const requireAdmin = (
  <RequireRole minRole="Admin">
    <Outlet />
  </RequireRole>
);
/** Admin pages, with the organisers' health check and webhook notifications. */
const requireAdminWithAlerts = (
  <RequireRole minRole="Admin">
    <HealthAlerts />
    <WebhookAlerts />
    <Outlet />
  </RequireRole>
);

/** Every route of the product. Paths match case-insensitively (React Router's default). */
export const routes: RouteObject[] = [
  { path: '__error-test', element: <ErrorTestPage /> },
  // The reveal ceremony goes on a projector: no header, navigation or footer around it.
  {
    path: 'games/:id/scoreboard/reveal',
    element: requireMonitor,
    children: [{ index: true, element: <RevealCeremonyPage /> }],
  },
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      {
        path: 'account',
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'recovery', element: <RecoveryPage /> },
          { path: 'reset', element: <ResetPage /> },
          { path: 'verify', element: <VerifyPage /> },
          { path: 'confirm', element: <ConfirmPage /> },
          { element: requireUser, children: [{ path: 'profile', element: <ProfilePage /> }] },
        ],
      },
      { element: requireUser, children: [{ path: 'teams', element: <TeamsPage /> }] },
      // A team's public page: anyone may read it, like the scoreboard it is linked from.
      { path: 'teams/:id', element: <TeamPage /> },
      {
        path: 'posts',
        children: [
          { index: true, element: <PostsPage /> },
          { path: ':postId', element: <PostPage /> },
          { element: requireAdmin, children: [{ path: ':postId/edit', element: <PostEditPage /> }] },
        ],
      },
      {
        path: 'games',
        children: [
          { index: true, element: <GameListPage /> },
          { path: ':id', element: <GameDetailPage /> },
          { element: requireUser, children: [{ path: ':id/challenges', element: <GameChallengesPage /> }] },
          { path: ':id/scoreboard', element: <GameScoreboardPage /> },
          {
            path: ':id/monitor',
            element: requireMonitor,
            children: [
              { path: 'dashboard', element: <MonitorDashboardPage /> },
              { path: 'events', element: <MonitorEventsPage /> },
              { path: 'submissions', element: <MonitorSubmissionsPage /> },
              { path: 'cheatinfo', element: <MonitorCheatInfoPage /> },
              { path: 'evidence', element: <MonitorEvidencePage /> },
              { path: 'traffic', element: <MonitorTrafficPage /> },
              { path: 'health', element: <MonitorHealthPage /> },
            ],
          },
        ],
      },
      {
        path: 'admin',
        element: requireAdminWithAlerts,
        children: [
          { path: 'games', element: <AdminGamesPage /> },
          { path: 'games/:id/info', element: <AdminGameInfoPage /> },
          { path: 'games/:id/notices', element: <AdminGameNoticesPage /> },
          { path: 'games/:id/awards', element: <AdminGameAwardsPage /> },
          { path: 'games/:id/divisions', element: <AdminGameDivisionsPage /> },
          { path: 'games/:id/review', element: <AdminGameReviewPage /> },
          { path: 'games/:id/writeups', element: <AdminGameWriteupsPage /> },
          { path: 'games/:id/challenges', element: <AdminChallengesPage /> },
          { path: 'games/:id/challenges/:chalId', element: <AdminChallengeEditPage /> },
          { path: 'games/:id/challenges/:chalId/flags', element: <AdminChallengeFlagsPage /> },
          { path: 'instances', element: <AdminInstancesPage /> },
          { path: 'logs', element: <AdminLogsPage /> },
          { path: 'settings', element: <AdminSettingsPage /> },
          { path: 'teams', element: <AdminTeamsPage /> },
          { path: 'users', element: <AdminUsersPage /> },
          { path: 'webhooks', element: <AdminWebhooksPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
