import { GameErrorCode } from '@flagpole/contract';
import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleX,
  IconClockPause,
  IconFlag,
  IconPlugConnectedX,
} from '@tabler/icons-react';
import { errorMessageOf } from './error-message';
import { ApiError, isNetworkFailure } from './http';
import { i18n } from './i18n';

/**
 * How a failure is presented (spec section 8):
 * - `offline`: no answer from the server (network down, server unreachable, timed out): offer to retry;
 * - `rateLimited`, `game`: their own titles (try later; the game has not started or has ended);
 * - `refused`: an expected outcome the server or the form refused (a wrong password, a missing flag, a team not
 *   accepted, a validation error): titled by what happened, with the reason as the message;
 * - `fault`: a real fault (5xx or an unexpected exception): "Something went wrong".
 */
export type ErrorKind = 'offline' | 'rateLimited' | 'game' | 'refused' | 'fault';
export type ErrorNotice = { kind: ErrorKind; title: string; message: string };

export type ErrorTextKey =
  | 'errors.unknown'
  | 'errors.tryLater'
  | 'errors.gameNotStarted'
  | 'errors.gameEnded'
  | 'errors.encountered'
  | 'errors.offline'
  | 'errors.offlineText'
  | 'errors.notAccepted'
  | 'errors.signInNeeded'
  | 'errors.notAllowed'
  | 'errors.notFound'
  | 'errors.conflict'
  | 'errors.tooLarge';

const REFUSAL_TITLES: Record<number, ErrorTextKey> = {
  400: 'errors.notAccepted',
  401: 'errors.signInNeeded',
  403: 'errors.notAllowed',
  404: 'errors.notFound',
  409: 'errors.conflict',
  413: 'errors.tooLarge',
  422: 'errors.notAccepted',
};

export interface ErrorContext {
  /** What failed, in the user's words ("Sign-in failed"): the title of an expected refusal. */
  title?: string;
}

/** Decides how a failure is presented; pure so it can be tested. */
export function describeError(
  error: unknown,
  translate: (key: ErrorTextKey) => string,
  context: ErrorContext = {},
): ErrorNotice {
  if (isNetworkFailure(error)) {
    return { kind: 'offline', title: translate('errors.offline'), message: translate('errors.offlineText') };
  }
  const message = errorMessageOf(error, translate('errors.unknown'));
  if (error instanceof ApiError && error.httpStatus === 429) {
    return { kind: 'rateLimited', title: translate('errors.tryLater'), message };
  }
  if (error instanceof ApiError && error.isGameError) {
    const title =
      error.bodyStatus === GameErrorCode.GameNotStarted
        ? translate('errors.gameNotStarted')
        : translate('errors.gameEnded');
    return { kind: 'game', title, message };
  }
  if (error instanceof ApiError) {
    const refusal = REFUSAL_TITLES[error.httpStatus];
    if (refusal || (error.httpStatus >= 400 && error.httpStatus < 500)) {
      return { kind: 'refused', title: context.title ?? translate(refusal ?? 'errors.notAccepted'), message };
    }
    return { kind: 'fault', title: translate('errors.encountered'), message };
  }
  // A plain text is the application's own explanation of a refusal (a file too large, a colour not valid).
  if (typeof error === 'string') {
    return { kind: 'refused', title: context.title ?? translate('errors.notAccepted'), message };
  }
  return { kind: 'fault', title: translate('errors.encountered'), message };
}

/** The text to show for a failure inside a page (an alert, a load state): never the browser's raw message. */
export function errorText(error: unknown): string {
  return describeError(error, (key) => i18n.t(key)).message;
}

const STYLES: Record<ErrorKind, { color: string; icon: React.ReactNode }> = {
  offline: { color: 'gray', icon: <IconPlugConnectedX size={18} /> },
  rateLimited: { color: 'yellow', icon: <IconClockPause size={18} /> },
  game: { color: 'orange', icon: <IconFlag size={18} /> },
  refused: { color: 'orange', icon: <IconCircleX size={18} /> },
  fault: { color: 'red', icon: <IconAlertTriangle size={18} /> },
};

/** Error notifications on screen, by what they say: the same notice is shown once, and success clears them. */
const shownErrors = new Map<string, string>();
let nextId = 0;

/** Hides every error notification still on screen (a later success makes them stale). */
export function clearErrors(): void {
  const ids = [...shownErrors.values()];
  shownErrors.clear();
  for (const id of ids) notifications.hide(id);
}

export interface ShowErrorOptions extends ErrorContext {
  /** Offered as "Try again" when the server could not be reached. */
  retry?: () => void;
}

export function showError(error: unknown, options: ShowErrorOptions = {}): void {
  const notice = describeError(error, (key) => i18n.t(key), options);
  const key = `${notice.kind}|${notice.title}|${notice.message}`;
  const existing = shownErrors.get(key);
  if (existing) notifications.hide(existing);
  nextId += 1;
  const id = `error-${nextId}`;
  shownErrors.set(key, id);
  const retry = notice.kind === 'offline' ? options.retry : undefined;
  notifications.show({
    id,
    title: notice.title,
    message: retry ? (
      <Stack gap={6} align="flex-start">
        <Text size="sm">{notice.message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            retry();
          }}
        >
          {i18n.t('errors.retry')}
        </Button>
      </Stack>
    ) : (
      notice.message
    ),
    // A lost connection stays until the user acts on it.
    autoClose: notice.kind === 'offline' ? false : undefined,
    onClose: () => {
      if (shownErrors.get(key) === id) shownErrors.delete(key);
    },
    ...STYLES[notice.kind],
  });
}

/** Shows a success; error notices still on screen are about the attempts before it and go. */
export function showSuccess(message: string, title?: string): void {
  clearErrors();
  const id = `success-${message}`;
  // The same confirmation twice (a double click, two saves in a row) is one notice.
  notifications.hide(id);
  notifications.show({ id, title, message, color: 'teal', icon: <IconCheck size={18} /> });
}
