import { describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/http', () => ({ http: { put: vi.fn() } }));
vi.mock('./get-profile', () => ({ PROFILE_KEY: '/api/account/profile' }));

const { avatarProblem } = await import('./upload-avatar');

describe('avatarProblem', () => {
  it.each(['image/png', 'image/gif', 'image/jpeg', 'image/webp', 'image/avif', 'image/heic'])('accepts %s', (type) => {
    expect(avatarProblem({ type, size: 1000 })).toBeNull();
  });

  it.each(['image/svg+xml', 'image/bmp', 'application/pdf', ''])('rejects %s', (type) => {
    expect(avatarProblem({ type, size: 1000 })).toBe('type');
  });

  it('rejects empty and oversized files', () => {
    expect(avatarProblem({ type: 'image/png', size: 0 })).toBe('size');
    expect(avatarProblem({ type: 'image/png', size: 3 * 1024 * 1024 + 1 })).toBe('size');
  });
});
