import type { ComponentType } from 'react';
import * as games from '@/features/admin-games';
import * as site from '@/features/admin-site';
import { WebhooksPage } from '@/features/admin-webhooks';
import { AdminInstancesPage as InstancesPage } from '@/features/containers/components/admin-instances-page';
import { AdminShell } from './admin-shell';

function inShell(Page: ComponentType) {
  return function AdminPage() {
    return (
      <AdminShell>
        <Page />
      </AdminShell>
    );
  };
}

export const AdminGamesPage = inShell(games.GamesPage);
export const AdminGameInfoPage = inShell(games.GameInfoPage);
export const AdminGameNoticesPage = inShell(games.GameNoticesPage);
export const AdminGameAwardsPage = inShell(games.GameAwardsPage);
export const AdminGameDivisionsPage = inShell(games.GameDivisionsPage);
export const AdminGameReviewPage = inShell(games.GameReviewPage);
export const AdminGameWriteupsPage = inShell(games.GameWriteupsPage);
export const AdminChallengesPage = inShell(games.ChallengesPage);
export const AdminChallengeEditPage = inShell(games.ChallengeEditPage);
export const AdminChallengeFlagsPage = inShell(games.ChallengeFlagsPage);
export const AdminInstancesPage = inShell(InstancesPage);
export const AdminLogsPage = inShell(site.LogsPage);
export const AdminSettingsPage = inShell(site.SettingsPage);
export const AdminTeamsPage = inShell(site.TeamsPage);
export const AdminUsersPage = inShell(site.UsersPage);
export const AdminWebhooksPage = inShell(WebhooksPage);
