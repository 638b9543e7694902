import { describe, expect, it } from 'vitest';
import { attachmentDisposition, fileNameTimestamp, safeFileNamePart } from './safe-file-name';

describe('file names built from user text', () => {
  it('keeps letters and digits of any script and joins the rest with underscores', () => {
    expect(safeFileNamePart('Team Rocket', 'team')).toBe('Team_Rocket');
    expect(safeFileNamePart('天下第一 队', 'team')).toBe('天下第一_队');
    expect(safeFileNamePart('a-b_c', 'team')).toBe('a-b_c');
  });

  it('leaves nothing a path or an archive reads specially', () => {
    for (const hostile of ['../../etc/passwd', '..\\..\\win.ini', '/abs', 'a\u0000b', 'x\ny', '.', '..', 'C:evil']) {
      const part = safeFileNamePart(hostile, 'team');
      expect(part).toMatch(/^[\p{L}\p{N}_-]+$/u);
      expect(part).not.toContain('..');
    }
    expect(safeFileNamePart('../..', 'team')).toBe('team');
    expect(safeFileNamePart('', 'team')).toBe('team');
  });

  it('cuts long names by characters, not bytes', () => {
    expect([...safeFileNamePart('队'.repeat(100), 'team', 10)]).toHaveLength(10);
  });

  it('writes a compact UTC time and a header safe for any name', () => {
    expect(fileNameTimestamp(new Date('2030-01-02T03:04:05.678Z'))).toBe('20300102T030405Z');
    expect(attachmentDisposition('Writeups-天下-1.zip')).toBe(
      `attachment; filename="Writeups-__-1.zip"; filename*=UTF-8''Writeups-%E5%A4%A9%E4%B8%8B-1.zip`,
    );
  });
});
