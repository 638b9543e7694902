import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/coming-soon';

function AdminPlaceholder({ pageKey }: { pageKey: ParseKeys }) {
  const { t } = useTranslation();
  return <ComingSoon page={`${t('pages.adminPrefix')} · ${String(t(pageKey))}`} />;
}

export const AdminGamesPage = () => <AdminPlaceholder pageKey="pages.adminGames" />;
export const AdminGameInfoPage = () => <AdminPlaceholder pageKey="pages.adminGameInfo" />;
export const AdminGameNoticesPage = () => <AdminPlaceholder pageKey="pages.adminGameNotices" />;
export const AdminGameReviewPage = () => <AdminPlaceholder pageKey="pages.adminGameReview" />;
export const AdminGameWriteupsPage = () => <AdminPlaceholder pageKey="pages.adminGameWriteups" />;
export const AdminChallengesPage = () => <AdminPlaceholder pageKey="pages.adminChallenges" />;
export const AdminChallengeEditPage = () => <AdminPlaceholder pageKey="pages.adminChallengeEdit" />;
export const AdminChallengeFlagsPage = () => <AdminPlaceholder pageKey="pages.adminChallengeFlags" />;
export const AdminInstancesPage = () => <AdminPlaceholder pageKey="pages.adminInstances" />;
export const AdminLogsPage = () => <AdminPlaceholder pageKey="pages.adminLogs" />;
export const AdminSettingsPage = () => <AdminPlaceholder pageKey="pages.adminSettings" />;
export const AdminTeamsPage = () => <AdminPlaceholder pageKey="pages.adminTeams" />;
export const AdminUsersPage = () => <AdminPlaceholder pageKey="pages.adminUsers" />;
