import { describe, expect, it } from 'vitest';
import { errorMessageOf } from './error-message';
import { ApiError } from './http';

const UNKNOWN = 'unknown error';

describe('errorMessageOf', () => {
  it('uses a string error as is', () => {
    expect(errorMessageOf('boom', UNKNOWN)).toBe('boom');
  });

  it('prefers the title over the response data and the message', () => {
    expect(errorMessageOf({ title: 'Title', data: { title: 'Data' }, message: 'Message' }, UNKNOWN)).toBe('Title');
  });

  it('falls back to the response data title', () => {
    expect(errorMessageOf({ data: { title: 'From body' }, message: 'Message' }, UNKNOWN)).toBe('From body');
    expect(errorMessageOf({ response: { data: { title: 'From response' } } }, UNKNOWN)).toBe('From response');
  });

  it('uses the message, then the cause', () => {
    expect(errorMessageOf(new Error('Plain'), UNKNOWN)).toBe('Plain');
    expect(errorMessageOf({ cause: 'Because' }, UNKNOWN)).toBe('Because');
    expect(errorMessageOf({ message: '', cause: new Error('Inner') }, UNKNOWN)).toBe('Inner');
  });

  it('reads the server title of an ApiError', () => {
    expect(errorMessageOf(new ApiError('Wrong password', 401, 401, { title: 'Wrong password' }), UNKNOWN)).toBe(
      'Wrong password',
    );
  });

  it('falls back to the unknown text', () => {
    expect(errorMessageOf(undefined, UNKNOWN)).toBe(UNKNOWN);
    expect(errorMessageOf({}, UNKNOWN)).toBe(UNKNOWN);
    expect(errorMessageOf('', UNKNOWN)).toBe(UNKNOWN);
  });
});
