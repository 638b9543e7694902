import { type DetailedGameInfoModel, roleRank } from '@flagpole/contract';
import { Anchor, Grid, Group, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDeviceDesktopAnalytics, IconFlag, IconTrophy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageContainer } from '@/components/page-container';
import { ScrollCue } from '@/components/scroll-cue';
import { useProfile } from '@/features/account/api/get-profile';
import { useNow } from '../hooks/use-now';
import { canOpenChallenges, canPreviewBoard, gamePhase } from '../lib/game-status';
import type { LiveState } from '../lib/live';
import { GameProgress } from './game-progress';
import { LiveIndicator } from './live-indicator';

interface GameShellProps {
  game: DetailedGameInfoModel;
  active: 'challenges' | 'scoreboard';
  /** Live channel state; undefined hides the indicator. */
  live?: LiveState;
  children: ReactNode;
}

/** Header shared by the challenge board and the scoreboard: title, tabs and the game clock. */
export function GameShell({ game, active, live, children }: GameShellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const now = useNow(5000);
  const phase = gamePhase(game.start, game.end, now);
  const { user } = useProfile();
  const showChallenges = canOpenChallenges(game.status, phase, game.practiceMode) || canPreviewBoard(user?.role, phase);
  const isMonitor = user ? roleRank[user.role] >= roleRank.Monitor : false;

  return (
    <PageContainer py="lg">
      <Grid align="flex-end" gap="md" mb="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Anchor component={Link} to={`/games/${game.id}`} size="sm" c="dimmed">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {t('games.shell.backToGame')}
            </Group>
          </Anchor>
          <Group gap="sm" wrap="nowrap" mt={4}>
            <Title order={1} size="h2" lineClamp={1}>
              {game.title}
            </Title>
            {live !== undefined && (
              <LiveIndicator live={live} labels={{ on: t('games.shell.liveOn'), off: t('games.shell.liveOff') }} />
            )}
          </Group>
          {game.teamName && (
            <Text size="sm" c="dimmed">
              {game.division !== null && game.divisions?.some((division) => division.id === game.division)
                ? t('games.shell.playingAsInDivision', {
                    team: game.teamName,
                    division: game.divisions.find((division) => division.id === game.division)?.name ?? '',
                  })
                : t('games.shell.playingAs', { team: game.teamName })}
            </Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <GameProgress start={game.start} end={game.end} compact />
        </Grid.Col>
      </Grid>
      <Tabs
        value={active}
        onChange={(value) => {
          if (value) navigate(`/games/${game.id}/${value}`);
        }}
        mb="lg"
      >
        <ScrollCue>
          <Tabs.List style={{ flexWrap: 'nowrap', width: 'max-content', minWidth: '100%' }}>
            {showChallenges && (
              <Tabs.Tab value="challenges" leftSection={<IconFlag size={16} />}>
                {t('games.shell.challenges')}
              </Tabs.Tab>
            )}
            <Tabs.Tab value="scoreboard" leftSection={<IconTrophy size={16} />}>
              {t('games.shell.scoreboard')}
            </Tabs.Tab>
            {isMonitor && (
              <Tabs.Tab value="monitor/submissions" leftSection={<IconDeviceDesktopAnalytics size={16} />}>
                {t('monitor.open')}
              </Tabs.Tab>
            )}
          </Tabs.List>
        </ScrollCue>
      </Tabs>
      {children}
    </PageContainer>
  );
}
