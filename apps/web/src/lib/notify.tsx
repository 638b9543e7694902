import { GameErrorCode } from '@flagpole/contract';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconClockPause, IconFlag } from '@tabler/icons-react';
import { errorMessageOf } from './error-message';
import { ApiError } from './http';
import { i18n } from './i18n';

export type ErrorNotice = { kind: 'rateLimited' | 'game' | 'generic'; title: string; message: string };

/** Decides how a failure is presented (spec section 8); pure so it can be tested. */
export function describeError(error: unknown, translate: (key: ErrorTextKey) => string): ErrorNotice {
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
  return { kind: 'generic', title: translate('errors.encountered'), message };
}

type ErrorTextKey =
  | 'errors.unknown'
  | 'errors.tryLater'
  | 'errors.gameNotStarted'
  | 'errors.gameEnded'
  | 'errors.encountered';

export function showError(error: unknown): void {
  const notice = describeError(error, (key) => i18n.t(key));
  const style = {
    rateLimited: { color: 'yellow', icon: <IconClockPause size={18} /> },
    game: { color: 'orange', icon: <IconFlag size={18} /> },
    generic: { color: 'red', icon: <IconAlertTriangle size={18} /> },
  }[notice.kind];
  notifications.show({ title: notice.title, message: notice.message, ...style });
}

export function showSuccess(message: string, title?: string): void {
  notifications.show({ title, message, color: 'teal', icon: <IconCheck size={18} /> });
}
