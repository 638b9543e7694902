import { describe, expect, it } from 'vitest';
import { imageFileProblem } from './image-file';

describe('imageFileProblem', () => {
  it.each(['image/png', 'image/gif', 'image/jpeg', 'image/webp', 'image/avif', 'image/heic'])('accepts %s', (type) => {
    expect(imageFileProblem({ type, size: 10 })).toBeNull();
  });

  it('rejects other types, empty and oversized files', () => {
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(imageFileProblem({ type: 'image/png', size: 0 })).toBe('size');
    expect(imageFileProblem({ type: 'image/png', size: 3 * 1024 * 1024 })).toBeNull();
    expect(imageFileProblem({ type: 'image/png', size: 3 * 1024 * 1024 + 1 })).toBe('size');
  });
});
