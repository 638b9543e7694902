import { describe, expect, it, vi } from 'vitest';
import { downloadFile } from '@/lib/download';
import { downloadAllCaptures } from './captures';

vi.mock('@/lib/download', () => ({ downloadFile: vi.fn(async (_path: string, name: string) => name) }));

describe('capture downloads', () => {
  it('names the all-files archive a zip when the server gives no name, as the server sends a zip', async () => {
    await expect(downloadAllCaptures(7, 3)).resolves.toBe('captures-7-3.zip');
    expect(downloadFile).toHaveBeenCalledWith('/api/game/captures/7/3/all', 'captures-7-3.zip');
  });
});
