import { flagPlaceholder } from '@flagpole/contract';
import { Alert, Button, Flex, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconClockPause, IconFlag } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { monoInput } from '@/lib/mono-input';
import { ANSWER_COLORS } from '@/lib/status-colors';
import type { SubmitState } from '../lib/submit-flow';

interface FlagSubmitFormProps {
  flag: string;
  onFlagChange: (flag: string) => void;
  onSubmit: () => void;
  state: SubmitState;
  /** Whether a new attempt is allowed at all (not solved, not past the deadline, attempts left, nothing in flight). */
  allowed: boolean;
  /** The input is closed for good: every attempt used or the deadline passed. */
  closed: boolean;
  atLimit: boolean;
  /** Seconds until the team may submit again after too many submissions; 0 when not waiting. */
  retrySeconds: number;
  /** The game's flag prefix (`cc` shows `cc{…}`); null shows `flag{…}`. */
  flagFormat: string | null;
}

/** The flag input with its button, the judging state, the verdict and why no more attempts are possible. */
export function FlagSubmitForm({
  flag,
  onFlagChange,
  onSubmit,
  state,
  allowed,
  closed,
  atLimit,
  retrySeconds,
  flagFormat,
}: FlagSubmitFormProps) {
  const { t } = useTranslation();
  const inFlight = state.phase === 'submitting' || state.phase === 'judging';
  const waiting = retrySeconds > 0;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!waiting) onSubmit();
      }}
    >
      <Stack gap="xs">
        {/* On a phone the input takes the whole width and the button sits under it. */}
        <Flex direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-end' }} gap="sm">
          <TextInput
            label={t('challenges.submit.flag')}
            placeholder={flagPlaceholder(flagFormat)}
            value={flag}
            onChange={(event) => onFlagChange(event.currentTarget.value)}
            maxLength={127}
            disabled={closed}
            autoComplete="off"
            spellCheck={false}
            styles={monoInput}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button
            type="submit"
            loading={inFlight}
            disabled={!allowed || waiting || flag.trim() === ''}
            leftSection={waiting ? <IconClockPause size={16} /> : <IconFlag size={16} />}
          >
            {waiting ? t('challenges.submit.retryIn', { seconds: retrySeconds }) : t('challenges.submit.button')}
          </Button>
        </Flex>
        {/* The verdict is read out once, politely, by its toast (the live log of app/providers.tsx): shown here,
            it is neither an interrupting alert nor a second announcement. */}
        {state.phase === 'done' && (
          <Alert color={ANSWER_COLORS[state.verdict]} variant="light" p="xs" role="none">
            {t(`challenges.submit.result.${state.verdict}.title`)}
          </Alert>
        )}
        <div aria-live="polite">
          {state.phase === 'judging' && (
            <Text size="sm" c="dimmed">
              {t('challenges.submit.judging')}
            </Text>
          )}
          {waiting && (
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconClockPause
                size={16}
                color="var(--mantine-color-yellow-filled)"
                aria-hidden
                style={{ flexShrink: 0 }}
              />
              <Text size="sm" c="dimmed">
                {t('challenges.submit.rateLimited')}
              </Text>
            </Group>
          )}
          {atLimit && (
            <Text size="sm" c="red">
              {t('challenges.submit.limitReached')}
            </Text>
          )}
        </div>
      </Stack>
    </form>
  );
}
