import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ComingSoon } from '@/components/coming-soon';

export function GameListPage() {
  const { t } = useTranslation();
  return <ComingSoon page={t('pages.games')} />;
}

export function GameDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <ComingSoon page={t('pages.gameDetail', { id })} />;
}

export function GameChallengesPage() {
  const { t } = useTranslation();
  return <ComingSoon page={t('pages.gameChallenges')} />;
}

export function GameScoreboardPage() {
  const { t } = useTranslation();
  return <ComingSoon page={t('pages.gameScoreboard')} />;
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
