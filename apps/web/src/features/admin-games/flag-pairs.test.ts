import { describe, expect, it } from 'vitest';
import { pairFlagsWithFiles } from './flag-pairs';

describe('pairFlagsWithFiles', () => {
  it('pairs in order, files sorted by name as a person would', () => {
    expect(pairFlagsWithFiles(['team-10.zip', 'team-2.zip', 'team-1.zip'], 'flag{a}\n\nflag{b}\nflag{c}\n')).toEqual([
      { file: 'team-1.zip', flag: 'flag{a}' },
      { file: 'team-2.zip', flag: 'flag{b}' },
      { file: 'team-10.zip', flag: 'flag{c}' },
    ]);
  });

  it('pairs by name when every line starts with a chosen file, spaces in names included', () => {
    const pairs = pairFlagsWithFiles(['b.zip', 'a b.zip', 'c.zip'], 'c.zip flag{c}\na b.zip, flag{ab}\nb.zip\tflag{b}');
    expect(pairs).toEqual([
      { file: 'a b.zip', flag: 'flag{ab}' },
      { file: 'b.zip', flag: 'flag{b}' },
      { file: 'c.zip', flag: 'flag{c}' },
    ]);
  });

  it('leaves the other side empty where files and flags do not match up', () => {
    expect(pairFlagsWithFiles(['a.zip', 'b.zip'], 'a.zip flag{a}\na.zip flag{again}')).toEqual([
      { file: 'a.zip', flag: 'flag{a}' },
      { file: 'b.zip', flag: null },
      { file: null, flag: 'flag{again}' },
    ]);
    expect(pairFlagsWithFiles(['a.zip'], 'flag{1}\nflag{2}')).toEqual([
      { file: 'a.zip', flag: 'flag{1}' },
      { file: null, flag: 'flag{2}' },
    ]);
    expect(pairFlagsWithFiles(['a.zip'], '')).toEqual([{ file: 'a.zip', flag: null }]);
  });
});
