import type { GameInfoModel, GameReadinessItem } from '@flagpole/contract';
import { Anchor, Badge, Button, Group, List, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconEye, IconEyeOff, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/section-card';
import { showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useGameReadiness } from '../../api/get-readiness';
import { useUpdateGame } from '../../api/update-game';

type CheckName = 'times' | 'challenges' | 'playable';

/** Which line of the checklist a problem belongs to. */
const CHECK_OF: Record<GameReadinessItem['problem'], CheckName> = {
  GameEnded: 'times',
  NoEnabledChallenge: 'challenges',
  NoFlags: 'playable',
  NoFlagTemplate: 'playable',
  FlagWithoutAttachment: 'playable',
  NoContainerImage: 'playable',
  NoContainerEngine: 'playable',
};
const CHECKS: CheckName[] = ['times', 'challenges', 'playable'];

function CheckLine({ name, problems, gameId }: { name: CheckName; problems: GameReadinessItem[]; gameId: number }) {
  const { t } = useTranslation();
  const passed = problems.length === 0;
  return (
    <List.Item
      icon={
        <ThemeIcon size={20} radius="xl" color={passed ? 'teal' : 'red'} variant="light">
          {passed ? <IconCheck size={14} /> : <IconX size={14} />}
        </ThemeIcon>
      }
    >
      <Text size="sm" fw={600}>
        {t(`adminGames.publish.check.${name}`)}
        <Text span size="sm" c={passed ? 'teal' : 'red'} fw={400}>
          {' · '}
          {passed ? t('adminGames.publish.passed') : t('adminGames.publish.failed')}
        </Text>
      </Text>
      {problems.map((item) => (
        <Text size="xs" c="dimmed" key={`${item.problem}-${item.challengeId ?? 0}`}>
          {item.challengeId !== null ? (
            <Anchor component={Link} to={`/admin/games/${gameId}/challenges/${item.challengeId}`} size="xs">
              {item.challengeTitle}
            </Anchor>
          ) : null}
          {item.challengeId !== null ? ': ' : ''}
          {t(`adminGames.publish.problem.${item.problem}`)}
        </Text>
      ))}
    </List.Item>
  );
}

/**
 * The publish step: a game made here starts hidden, and is shown to players only once the server's checklist
 * passes (times, an enabled challenge, every enabled challenge playable). Hiding it again is always possible.
 */
export function PublishSection({ game }: { game: GameInfoModel }) {
  const { t } = useTranslation();
  const { readiness, error } = useGameReadiness(game.id);
  const { trigger, isMutating } = useMutation(useUpdateGame());

  const setHidden = async (hidden: boolean) => {
    try {
      // Only visibility changes: the saved title and times go back as they are.
      await trigger(game.id, { title: game.title, start: game.start, end: game.end, hidden });
      showSuccess(t(hidden ? 'adminGames.publish.hiddenDone' : 'adminGames.publish.publishedDone'));
    } catch (failure) {
      showError(failure, { title: t('adminGames.publish.notChanged') });
    }
  };

  return (
    <SectionCard
      compact
      title={t('adminGames.publish.title')}
      description={game.hidden ? t('adminGames.publish.hiddenHint') : t('adminGames.publish.publishedHint')}
    >
      <Group gap="xs">
        <Badge
          variant="light"
          color={game.hidden ? 'gray' : 'teal'}
          leftSection={game.hidden ? <IconEyeOff size={12} /> : <IconEye size={12} />}
        >
          {game.hidden ? t('adminGames.publish.stateHidden') : t('adminGames.publish.statePublished')}
        </Badge>
      </Group>
      {readiness ? (
        <List spacing="xs" aria-label={t('adminGames.publish.checklist')}>
          {CHECKS.map((name) => (
            <CheckLine
              key={name}
              name={name}
              gameId={game.id}
              problems={readiness.problems.filter((item) => CHECK_OF[item.problem] === name)}
            />
          ))}
        </List>
      ) : error ? (
        <Text size="sm" c="red">
          {t('adminGames.publish.loadFailed')}
        </Text>
      ) : (
        <Skeleton h={72} />
      )}
      {game.hidden ? (
        <>
          <Button
            leftSection={<IconEye size={16} />}
            disabled={!readiness?.ready}
            loading={isMutating}
            onClick={() => void setHidden(false)}
            aria-describedby={readiness && !readiness.ready ? `publish-blocked-${game.id}` : undefined}
          >
            {t('adminGames.publish.publish')}
          </Button>
          {readiness && !readiness.ready && (
            <Text size="xs" c="dimmed" id={`publish-blocked-${game.id}`}>
              {t('adminGames.publish.blocked')}
            </Text>
          )}
        </>
      ) : (
        <Button
          variant="default"
          leftSection={<IconEyeOff size={16} />}
          loading={isMutating}
          onClick={() => void setHidden(true)}
        >
          {t('adminGames.publish.hide')}
        </Button>
      )}
    </SectionCard>
  );
}
