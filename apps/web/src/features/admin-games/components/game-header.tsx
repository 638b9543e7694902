import { Anchor, Badge, Group, Stack, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconAward,
  IconBell,
  IconFileText,
  IconPuzzle,
  IconSettings,
  IconSitemap,
  IconUserCheck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LinkTabs } from '@/components/link-tabs';
import { usePageTitle } from '@/lib/use-page-title';
import { useEditGame } from '../api/get-game';
import { ExportGameButton } from './transfer/export-game-button';

const TABS = [
  { path: 'info', labelKey: 'adminGames.tabs.info', icon: IconSettings },
  { path: 'notices', labelKey: 'adminGames.tabs.notices', icon: IconBell },
  { path: 'divisions', labelKey: 'adminGames.tabs.divisions', icon: IconSitemap },
  { path: 'review', labelKey: 'adminGames.tabs.review', icon: IconUserCheck },
  { path: 'awards', labelKey: 'adminGames.tabs.awards', icon: IconAward },
  { path: 'challenges', labelKey: 'adminGames.tabs.challenges', icon: IconPuzzle },
  { path: 'writeups', labelKey: 'adminGames.tabs.writeups', icon: IconFileText },
] as const;

/** Title of the game being edited, a way back to the list, and the game's sub-page tabs. */
export function GameHeader({ gameId, page }: { gameId: number; page: string }) {
  const { t } = useTranslation();
  const { game } = useEditGame(gameId);
  const path = useLocation().pathname.toLowerCase();
  const base = `/admin/games/${gameId}`;
  usePageTitle(game ? `${page} · ${game.title}` : page);

  const tabs = TABS.map((tab) => ({
    to: `${base}/${tab.path}`,
    label: t(tab.labelKey),
    icon: tab.icon,
    active: path === `${base}/${tab.path}` || path.startsWith(`${base}/${tab.path}/`),
  }));

  return (
    <Stack gap="xs">
      <Anchor component={Link} to="/admin/games" size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} />
          {t('adminGames.backToGames')}
        </Group>
      </Anchor>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {game?.title ?? t('adminGames.gameNumber', { id: gameId })}
          </Title>
          {game?.hidden && <Badge variant="light">{t('adminGames.hidden')}</Badge>}
        </Group>
        <ExportGameButton gameId={gameId} />
      </Group>
      <LinkTabs tabs={tabs} label={t('adminGames.tabs.label')} />
    </Stack>
  );
}
