import { describe, expect, it } from 'vitest';
import { batchErrorsOf } from './batch-errors';
import { ApiError } from './http';

describe('batchErrorsOf', () => {
  it('reads the refused items of a refused batch', () => {
    const error = new ApiError('Flag 2: bad', 400, 400, {
      title: 'Flag 2: bad',
      status: 400,
      errors: [{ index: 1, title: 'bad' }, { index: 'x' }],
    });
    expect(batchErrorsOf(error)).toEqual([{ index: 1, title: 'bad' }]);
  });

  it('finds none in other failures', () => {
    expect(batchErrorsOf(new ApiError('no', 403, 403, { title: 'no', status: 403 }))).toEqual([]);
    expect(batchErrorsOf(new ApiError('bad', 400, 400, { title: 'bad', status: 400 }))).toEqual([]);
    expect(batchErrorsOf(new Error('x'))).toEqual([]);
  });
});
