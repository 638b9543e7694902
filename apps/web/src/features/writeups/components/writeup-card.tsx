import type { DetailedGameInfoModel } from '@flagpole/contract';
import { writeupLimits } from '@flagpole/contract';
import { Alert, Button, Card, FileButton, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconFileText, IconFileUpload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Markdown } from '@/components/markdown';
import { useGameDetails } from '@/features/games/api/get-game-details';
import { useNow } from '@/features/games/hooks/use-now';
import { formatFileSize } from '@/features/games/lib/file-size';
import { canOpenChallenges, gamePhase } from '@/features/games/lib/game-status';
import { errorText, showError, showSuccess } from '@/lib/notify';
import { useMutation } from '@/lib/use-mutation';
import { useMyWriteup } from '../api/get-my-writeup';
import { useSubmitWriteup } from '../api/submit-writeup';
import { writeupFileProblem } from '../lib/writeup-file';

function Deadline({ deadline, now }: { deadline: number; now: number }) {
  const { t } = useTranslation();
  const passed = now >= deadline;
  return (
    <Group gap={6} wrap="nowrap">
      <IconClock size={16} aria-hidden color={passed ? 'var(--mantine-color-red-5)' : undefined} />
      <Text size="sm" c={passed ? 'red' : undefined}>
        {passed
          ? t('writeups.player.deadlinePassed', { date: dayjs(deadline).format('LLL') })
          : t('writeups.player.deadline', { date: dayjs(deadline).format('LLL'), relative: dayjs(deadline).from(now) })}
      </Text>
    </Group>
  );
}

/**
 * The team's writeup on the game page: the organisers' instructions, the deadline, the file handed in so far
 * and a way to upload or replace it. Shown only to an accepted team of a game that asks for writeups.
 */
export function WriteupCard({ game }: { game: DetailedGameInfoModel }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const phase = gamePhase(game.start, game.end, now);
  const visible = game.writeupRequired && game.status === 'Accepted' && phase !== 'upcoming';
  const { writeup, error } = useMyWriteup(game.id, visible);
  // The deadline comes with the player's board, which is readable while the team may play.
  const { data: details } = useGameDetails(
    visible && canOpenChallenges(game.status, phase, game.practiceMode) ? game.id : null,
    false,
  );
  const submit = useSubmitWriteup(game.id);
  const { trigger, isMutating } = useMutation(submit);
  if (!visible) return null;

  const deadline = details?.writeupDeadline ?? null;
  const closed = deadline !== null && now >= deadline;

  const upload = async (file: File | null) => {
    if (!file) return;
    const problem = writeupFileProblem(file);
    if (problem) {
      showError(t(`writeups.player.problem.${problem}`, { limit: formatFileSize(writeupLimits.bytes) }));
      return;
    }
    try {
      await trigger(file);
      showSuccess(t('writeups.player.uploaded'));
    } catch (failure) {
      showError(failure);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="writeup-heading">
      <Stack gap="sm">
        <Group gap="xs">
          <ThemeIcon variant="light" radius="xl" aria-hidden>
            <IconFileText size={18} />
          </ThemeIcon>
          <Title order={2} size="h4" id="writeup-heading">
            {t('writeups.player.title')}
          </Title>
        </Group>
        {error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />}>
            {errorText(error)}
          </Alert>
        ) : (
          <>
            {writeup?.note ? <Markdown source={writeup.note} /> : <Text size="sm">{t('writeups.player.intro')}</Text>}
            {deadline !== null && <Deadline deadline={deadline} now={now} />}
            <Text size="sm" c={writeup?.submitted ? undefined : 'dimmed'}>
              {writeup?.submitted
                ? t('writeups.player.current', { name: writeup.name, size: formatFileSize(writeup.fileSize) })
                : t('writeups.player.none')}
            </Text>
            <Group gap="sm">
              <FileButton onChange={upload} accept="application/pdf,.pdf" disabled={closed || isMutating}>
                {(props) => (
                  <Button
                    {...props}
                    leftSection={<IconFileUpload size={18} />}
                    loading={isMutating}
                    disabled={closed || !writeup}
                    variant={writeup?.submitted ? 'default' : 'filled'}
                  >
                    {writeup?.submitted ? t('writeups.player.replace') : t('writeups.player.upload')}
                  </Button>
                )}
              </FileButton>
              <Text size="xs" c="dimmed">
                {t('writeups.player.limit', { limit: formatFileSize(writeupLimits.bytes) })}
              </Text>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
