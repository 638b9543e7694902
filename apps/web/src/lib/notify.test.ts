import { describe, expect, it, vi } from 'vitest';

const shown: Array<{ id: string; title?: string }> = [];
const hidden: string[] = [];
vi.mock('@mantine/notifications', () => ({
  notifications: {
    show: vi.fn((n: { id: string; title?: string }) => shown.push(n)),
    hide: vi.fn((id: string) => hidden.push(id)),
  },
}));
vi.mock('./i18n', () => ({ i18n: { t: (key: string) => key } }));

const { describeError, showError, showSuccess } = await import('./notify');
const { ApiError, NetworkError, TimeoutError } = await import('./http');

const translate = (key: string) => `t:${key}`;

describe('describeError', () => {
  it('shows 429 as "try later" with the server message', () => {
    expect(describeError(new ApiError('Too many requests', 429, 429, undefined, 30), translate)).toEqual({
      kind: 'rateLimited',
      title: 't:errors.tryLater',
      message: 'Too many requests',
    });
  });

  it('shows game errors with their own title and message', () => {
    expect(describeError(new ApiError('The game is over', 400, 10002, undefined), translate)).toEqual({
      kind: 'game',
      title: 't:errors.gameEnded',
      message: 'The game is over',
    });
    expect(describeError(new ApiError('Not yet', 400, 10001, undefined), translate).title).toBe(
      't:errors.gameNotStarted',
    );
  });

  it('titles an expected refusal by what happened, or by the caller’s context', () => {
    const wrong = new ApiError('Wrong user name or password', 401, 401, undefined);
    expect(describeError(wrong, translate)).toEqual({
      kind: 'refused',
      title: 't:errors.signInNeeded',
      message: 'Wrong user name or password',
    });
    expect(describeError(wrong, translate, { title: 'Sign-in failed' }).title).toBe('Sign-in failed');
    expect(describeError(new ApiError('Add a flag first', 400, 400, undefined), translate).title).toBe(
      't:errors.notAccepted',
    );
    expect(describeError(new ApiError('Gone', 404, 404, undefined), translate).title).toBe('t:errors.notFound');
    expect(describeError('The file is too large', translate)).toMatchObject({ kind: 'refused' });
  });

  it('keeps "something went wrong" for real faults', () => {
    expect(describeError(new ApiError('Internal error', 500, 500, undefined), translate, { title: 'x' })).toEqual({
      kind: 'fault',
      title: 't:errors.encountered',
      message: 'Internal error',
    });
    expect(describeError(new Error('Boom'), translate).kind).toBe('fault');
    expect(describeError(null, translate).message).toBe('t:errors.unknown');
  });

  it('says the server could not be reached instead of the browser’s "Failed to fetch"', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      new NetworkError('GET', '/api/x', new TypeError('Failed to fetch')),
      new TimeoutError('GET', '/api/x'),
    ]) {
      expect(describeError(error, translate)).toEqual({
        kind: 'offline',
        title: 't:errors.offline',
        message: 't:errors.offlineText',
      });
    }
  });
});

describe('showError and showSuccess', () => {
  it('shows the same notice once and clears error notices after a success', () => {
    shown.length = 0;
    hidden.length = 0;
    const wrong = new ApiError('Wrong password', 401, 401, undefined);
    showError(wrong);
    showError(wrong);
    expect(shown).toHaveLength(2);
    // The second replaced the first.
    expect(hidden).toEqual([shown[0]?.id]);
    showSuccess('Signed in');
    expect(hidden).toContain(shown[1]?.id);
  });
});
