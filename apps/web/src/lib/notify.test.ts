import { describe, expect, it, vi } from 'vitest';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
vi.mock('./i18n', () => ({ i18n: { t: (key: string) => key } }));

const { describeError } = await import('./notify');
const { ApiError } = await import('./http');

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

  it('shows anything else as "encountered an error"', () => {
    expect(describeError(new Error('Network down'), translate)).toEqual({
      kind: 'generic',
      title: 't:errors.encountered',
      message: 'Network down',
    });
    expect(describeError(null, translate).message).toBe('t:errors.unknown');
  });
});
