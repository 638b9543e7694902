import { type ChallengeInfo, flagPlaceholder, limits, matchesFlagFormat } from '@flagpole/contract';
import {
  Alert,
  Badge,
  Button,
  Divider,
  Flex,
  Group,
  List,
  Modal,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconBulb,
  IconCheck,
  IconClock,
  IconConfetti,
  IconExternalLink,
  IconEye,
  IconFileDownload,
  IconGauge,
  IconHourglass,
  IconX,
} from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSWRConfig } from 'swr';
import { Markdown } from '@/components/markdown';
import { InstancePanel } from '@/features/containers/components/instance-panel';
import { showError } from '@/lib/notify';
import { ANSWER_COLORS } from '@/lib/status-colors';
import { useChallenge } from '../api/get-challenge';
import { gameKeys } from '../api/keys';
import { getSubmissionStatus, newIdempotencyKey, submitFlag } from '../api/submit-flag';
import { useRetryCountdown } from '../hooks/use-retry-countdown';
import { formatFileSize } from '../lib/file-size';
import {
  answerMayBeLost,
  canSubmit,
  limitReached,
  retryAtAfterRefusal,
  runSubmitFlow,
  type SubmitState,
  type Verdict,
} from '../lib/submit-flow';
import { CATEGORY_STYLES } from './categories';
import { FlagSubmitForm } from './flag-submit-form';
import { LockedHints } from './locked-hints';

interface ChallengeModalProps {
  gameId: number;
  challenge: ChallengeInfo | null;
  solved: boolean;
  /** An organiser's preview: the challenge as players see it, without submitting or instances. */
  preview?: boolean;
  /** The game's flag prefix (`cc` for `cc{…}`), null for none. */
  flagFormat?: string | null;
  /** Ask before sending an answer without the flag format (the game's "warn on format mismatch"). */
  flagFormatCheck?: boolean;
  /** A solo game: the player solved it, not a team. */
  solo?: boolean;
  onClose: () => void;
}

const VERDICT_ICONS: Record<Verdict, typeof IconCheck> = {
  Accepted: IconConfetti,
  WrongAnswer: IconX,
  NotFound: IconX,
};

function isExternal(url: string): boolean {
  return /^https?:\/\//i.test(url) && !url.startsWith(window.location.origin);
}

/** One line of the facts under the description: its icon stays beside the text when the text wraps. */
function Fact({ icon: Icon, children }: { icon: typeof IconClock; children: React.ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Icon size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      {children}
    </Group>
  );
}

export function ChallengeModal({
  gameId,
  challenge,
  solved,
  preview = false,
  flagFormat = null,
  flagFormatCheck = false,
  solo = false,
  onClose,
}: ChallengeModalProps) {
  const { t } = useTranslation();
  const { mutate } = useSWRConfig();
  const challengeId = challenge?.id ?? null;
  const { data: detail, error } = useChallenge(gameId, challengeId);
  const [flag, setFlag] = useState('');
  const [state, setState] = useState<SubmitState>({ phase: 'idle' });
  // The key of a submission whose answer may have been lost: sending the same flag again reuses it.
  const unanswered = useRef<{ flag: string; key: string } | null>(null);
  // The server limits submissions per team, not per challenge, so the wait outlives a change of challenge.
  const retry = useRetryCountdown();
  const style = challenge ? CATEGORY_STYLES[challenge.category] : null;

  // Each challenge starts with an empty form: a verdict belongs to the challenge it was given for.
  useEffect(() => {
    if (challengeId === null) return;
    setFlag('');
    setState({ phase: 'idle' });
  }, [challengeId]);

  const close = () => {
    setFlag('');
    setState({ phase: 'idle' });
    onClose();
  };

  // The format check runs before anything is sent: an answer the player takes back is no attempt.
  const submit = () => {
    const value = flag.trim();
    if (!value) return;
    if (!flagFormatCheck || matchesFlagFormat(value, flagFormat)) {
      void send(value);
      return;
    }
    modals.openConfirmModal({
      title: t('challenges.submit.formatMismatch.title'),
      children: (
        <Text size="sm">{t('challenges.submit.formatMismatch.text', { example: flagPlaceholder(flagFormat) })}</Text>
      ),
      labels: {
        confirm: t('challenges.submit.formatMismatch.send'),
        cancel: t('challenges.submit.formatMismatch.edit'),
      },
      onConfirm: () => void send(value),
    });
  };

  const send = async (value: string) => {
    if (challengeId === null || !challenge) return;
    const key = unanswered.current?.flag === value ? unanswered.current.key : newIdempotencyKey();
    const final = await runSubmitFlow({
      submit: () => submitFlag(gameId, challengeId, { flag: value }, key),
      status: (submissionId) => getSubmissionStatus(gameId, challengeId, submissionId),
      onState: setState,
    });
    unanswered.current = answerMayBeLost(final) ? { flag: value, key } : null;
    void mutate(gameKeys.challenge(gameId, challengeId));
    if (final.phase === 'failed') {
      const retryAt = retryAtAfterRefusal(final.error, Date.now());
      if (retryAt !== null) retry.waitUntil(retryAt);
      showError(final.error);
      return;
    }
    if (final.phase === 'timeout') {
      notifications.show({
        color: 'yellow',
        title: t('challenges.submit.timeoutTitle'),
        message: t('challenges.submit.timeout'),
      });
      return;
    }
    if (final.phase !== 'done') return;
    const { verdict } = final;
    const VerdictIcon = VERDICT_ICONS[verdict];
    notifications.show({
      color: ANSWER_COLORS[verdict],
      icon: <VerdictIcon size={18} />,
      title: t(`challenges.submit.result.${verdict}.title`),
      message: t(`challenges.submit.result.${verdict}.text`, { challenge: challenge.title }),
    });
    if (verdict === 'Accepted') {
      setFlag('');
      void mutate(gameKeys.details(gameId));
      void mutate(gameKeys.scoreboard(gameId));
    }
  };

  const attempts = detail?.attempts ?? 0;
  const limit = detail?.limit ?? 0;
  const atLimit = limitReached(attempts, limit);
  const pastDeadline = detail?.deadline != null && detail.deadline <= Date.now();
  const submitAllowed = canSubmit(state, attempts, limit) && !solved && !pastDeadline;
  const attachment = detail?.context.url ?? null;
  const isContainer = detail?.type === 'StaticContainer' || detail?.type === 'DynamicContainer';

  return (
    <Modal
      opened={challenge !== null}
      onClose={close}
      size="lg"
      title={
        challenge &&
        style && (
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon color={style.color} variant="light" aria-hidden>
              <style.icon size={18} />
            </ThemeIcon>
            {/* The modal's title is already the dialog's heading: no heading inside it. */}
            <Text span fw={700} fz="h3" lineClamp={1}>
              {challenge.title}
            </Text>
          </Group>
        )
      }
    >
      {challenge && (
        <Stack gap="md">
          <Group gap="xs">
            <Badge color={style?.color} variant="light">
              {t(`challenges.categories.${challenge.category}.name`)}
            </Badge>
            <Badge variant="outline">{t('challenges.card.points', { count: detail?.score ?? challenge.score })}</Badge>
            <Badge variant="outline" color="gray">
              {t('challenges.card.solves', { count: challenge.solved })}
            </Badge>
            {solved && (
              <Badge color="teal" leftSection={<IconCheck size={12} />}>
                {t('challenges.card.solved')}
              </Badge>
            )}
          </Group>

          {error && !detail ? (
            <Alert color="red" title={t('challenges.modal.loadFailed')}>
              {t('challenges.modal.loadFailedText')}
            </Alert>
          ) : !detail ? (
            <Stack gap="xs">
              <Skeleton h={16} />
              <Skeleton h={16} w="80%" />
              <Skeleton h={16} w="60%" />
            </Stack>
          ) : (
            <>
              {detail.content ? (
                <Markdown source={detail.content} />
              ) : (
                <Text c="dimmed">{t('challenges.modal.noContent')}</Text>
              )}

              {detail.hints && detail.hints.length > 0 && (
                <section aria-label={t('challenges.modal.hints')}>
                  <List
                    spacing="xs"
                    icon={<IconBulb size={16} color="var(--mantine-color-yellow-filled)" aria-hidden />}
                  >
                    {detail.hints.map((hint) => (
                      <List.Item key={hint}>
                        <Markdown source={hint} inline />
                      </List.Item>
                    ))}
                  </List>
                </section>
              )}
              {/* Locked hints need the team: an organiser's preview has none. */}
              {!preview && challengeId !== null && <LockedHints gameId={gameId} challengeId={challengeId} />}

              {(attachment || isContainer) && <Divider />}
              {attachment && (
                <Group gap="sm">
                  <Button
                    component="a"
                    href={attachment}
                    target="_blank"
                    rel="noopener noreferrer"
                    download={isExternal(attachment) ? undefined : ''}
                    variant="light"
                    leftSection={
                      isExternal(attachment) ? <IconExternalLink size={16} /> : <IconFileDownload size={16} />
                    }
                  >
                    {isExternal(attachment) ? t('challenges.modal.openLink') : t('challenges.modal.download')}
                  </Button>
                  {detail.context.fileSize !== null && detail.context.fileSize > 0 && (
                    <Text size="sm" c="dimmed">
                      {formatFileSize(detail.context.fileSize)}
                    </Text>
                  )}
                </Group>
              )}
              {isContainer && preview && (
                <Text size="sm" c="dimmed">
                  {t('challenges.preview.noInstance')}
                </Text>
              )}
              {isContainer && !preview && challengeId !== null && (
                <InstancePanel
                  gameId={gameId}
                  challengeId={challengeId}
                  challengeTitle={challenge.title}
                  context={detail.context}
                />
              )}

              {/* One fact a line on a phone, side by side from the `sm` width up. */}
              <Flex direction={{ base: 'column', sm: 'row' }} gap={{ base: 6, sm: 'lg' }} wrap="wrap">
                {detail.deadline !== null && (
                  <Fact icon={IconClock}>
                    <Text size="sm" c={pastDeadline ? 'red' : undefined}>
                      {pastDeadline
                        ? t('challenges.modal.deadlinePassed', { date: dayjs(detail.deadline).format('lll') })
                        : t('challenges.modal.deadline', {
                            date: dayjs(detail.deadline).format('lll'),
                            relative: dayjs(detail.deadline).fromNow(),
                          })}
                    </Text>
                  </Fact>
                )}
                <Fact icon={IconHourglass}>
                  <Text size="sm" c={atLimit ? 'red' : undefined}>
                    {limit > 0
                      ? t('challenges.modal.attemptsLimited', { attempts, count: limit })
                      : t('challenges.modal.attempts', { count: attempts })}
                  </Text>
                </Fact>
                <Fact icon={IconGauge}>
                  <Text size="sm" c="dimmed" data-testid="rate-limit">
                    {t('challenges.modal.rateLimit', {
                      count: limits.teamSubmissions.limit,
                      seconds: limits.teamSubmissions.windowSeconds,
                    })}
                  </Text>
                </Fact>
              </Flex>
            </>
          )}

          <Divider />
          {preview ? (
            <Alert color="blue" icon={<IconEye />}>
              {t('challenges.preview.noSubmit')}
            </Alert>
          ) : solved ? (
            <Alert color="teal" icon={<IconConfetti />}>
              {t(solo ? 'challenges.modal.alreadySolvedSolo' : 'challenges.modal.alreadySolved')}
            </Alert>
          ) : (
            <FlagSubmitForm
              flag={flag}
              onFlagChange={setFlag}
              onSubmit={submit}
              state={state}
              allowed={submitAllowed}
              closed={atLimit || pastDeadline}
              atLimit={atLimit}
              retrySeconds={retry.seconds}
              flagFormat={flagFormat}
            />
          )}
        </Stack>
      )}
    </Modal>
  );
}
