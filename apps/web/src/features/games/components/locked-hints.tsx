import type { HintPlayerInfo } from '@flagpole/contract';
import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconClockHour4, IconLock, IconLockOpen } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { Markdown } from '@/components/markdown';
import { showError } from '@/lib/notify';
import { unlockHint, useLockedHints } from '../api/hints';
import { gameKeys } from '../api/keys';
import { hintCostText, hintState } from '../lib/hint-cost';

/** A time as players read it: the hour alone today, the date with it otherwise. */
function formatTime(at: number): string {
  return dayjs(at).isSame(dayjs(), 'day') ? dayjs(at).format('LT') : dayjs(at).format('lll');
}

function HintCard({
  hint,
  all,
  busy,
  onUnlock,
}: {
  hint: HintPlayerInfo;
  all: readonly HintPlayerInfo[];
  busy: boolean;
  onUnlock: (hint: HintPlayerInfo) => void;
}) {
  const { t } = useTranslation();
  const state = hintState(hint, all);
  const cost = hintCostText(hint, formatTime);
  const required = all.find((other) => other.id === hint.requiresHintId);
  const Icon = state === 'unlocked' ? IconLockOpen : state === 'waiting' ? IconClockHour4 : IconLock;
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`locked-hint-${hint.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 0 }}>
            <ThemeIcon size={24} variant="light" color={state === 'unlocked' ? 'teal' : 'yellow'} aria-hidden>
              <Icon size={14} />
            </ThemeIcon>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm">
                {hint.title}
              </Text>
              <Text size="xs" c="dimmed">
                {t(cost.key, cost.values)}
              </Text>
            </div>
          </Group>
          {(state === 'available' || state === 'blocked') && (
            <Button
              size="xs"
              variant="light"
              color="yellow"
              leftSection={<IconLockOpen size={14} />}
              disabled={state === 'blocked'}
              loading={busy}
              onClick={() => onUnlock(hint)}
              aria-label={t('challenges.hints.unlockNamed', { title: hint.title })}
            >
              {t('challenges.hints.unlock')}
            </Button>
          )}
        </Group>
        {state === 'blocked' && required && (
          <Text size="xs" c="yellow">
            {t('challenges.hints.requires', { title: required.title })}
          </Text>
        )}
        {state === 'unlocked' && hint.content !== null && (
          <>
            <Markdown source={hint.content} />
            <Text size="xs" c="dimmed">
              {hint.unlockedBy !== null && hint.unlockedAt !== null
                ? t('challenges.hints.unlockedBy', { name: hint.unlockedBy, time: formatTime(hint.unlockedAt) })
                : t('challenges.hints.freeSince', { time: formatTime(hint.freeAt ?? 0) })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The challenge's locked hints under its free ones (docs/game-play.md, "Hints with a cost"): each with its cost in
 * plain words; unlocking asks first, saying the cost, and shows the content to the whole team (the live channel
 * updates team-mates' windows). A second click while one unlock is asked or sent does nothing.
 */
export function LockedHints({ gameId, challengeId }: { gameId: number; challengeId: number }) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const { data: hints } = useLockedHints(gameId, challengeId);
  const [busy, setBusy] = useState<number | null>(null);
  const asking = useRef(false);

  if (!hints || hints.length === 0) return null;

  const unlock = async (hint: HintPlayerInfo) => {
    setBusy(hint.id);
    try {
      const list = await unlockHint(gameId, challengeId, hint.id);
      await mutate(gameKeys.hints(gameId, challengeId), list, { revalidate: false });
      void mutate(gameKeys.scoreboard(gameId));
      void mutate(gameKeys.details(gameId));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const confirm = (hint: HintPlayerInfo) => {
    if (asking.current || busy !== null) return;
    asking.current = true;
    const cost = hintCostText(hint, formatTime);
    modals.openConfirmModal({
      title: t('challenges.hints.confirmTitle', { title: hint.title }),
      children: (
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t(cost.key, cost.values)}
          </Text>
          <Text size="sm">{t('challenges.hints.confirmTeam')}</Text>
        </Stack>
      ),
      labels: { confirm: t('challenges.hints.unlock'), cancel: t('common.cancel') },
      confirmProps: { color: 'yellow', 'data-testid': 'confirm-unlock' } as Record<string, unknown>,
      onConfirm: () => void unlock(hint),
      onClose: () => {
        asking.current = false;
      },
    });
  };

  return (
    <section aria-label={t('challenges.hints.locked')}>
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('challenges.hints.locked')}
        </Text>
        {hints.map((hint) => (
          <HintCard key={hint.id} hint={hint} all={hints} busy={busy === hint.id} onUnlock={confirm} />
        ))}
      </Stack>
    </section>
  );
}
