import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';
import * as games from '@/features/admin-games';
import { AdminShell } from './admin-shell';

function AdminPlaceholder({ pageKey }: { pageKey: ParseKeys }) {
  const { t } = useTranslation();
  return (
    <AdminShell>
      <ComingSoon page={`${t('pages.adminPrefix')} · ${String(t(pageKey))}`} />
    </AdminShell>
  );
}

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
export const AdminGameReviewPage = inShell(games.GameReviewPage);
export const AdminGameWriteupsPage = inShell(games.GameWriteupsPage);
export const AdminChallengesPage = inShell(games.ChallengesPage);
export const AdminChallengeEditPage = inShell(games.ChallengeEditPage);
export const AdminChallengeFlagsPage = inShell(games.ChallengeFlagsPage);
export const AdminInstancesPage = () => <AdminPlaceholder pageKey="pages.adminInstances" />;
export const AdminLogsPage = () => <AdminPlaceholder pageKey="pages.adminLogs" />;
export const AdminSettingsPage = () => <AdminPlaceholder pageKey="pages.adminSettings" />;
export const AdminTeamsPage = () => <AdminPlaceholder pageKey="pages.adminTeams" />;
export const AdminUsersPage = () => <AdminPlaceholder pageKey="pages.adminUsers" />;
