import { describe, expect, it } from 'vitest';
import { expandFiniteRegex } from './finite-regex';

describe('expandFiniteRegex', () => {
  it('turns literal patterns into the one string they match', () => {
    expect(expandFiniteRegex('flag\\{hello_world\\}', 64)).toEqual(['flag{hello_world}']);
    expect(expandFiniteRegex('^flag\\{x\\}$', 64)).toEqual(['flag{x}']);
    expect(expandFiniteRegex('a\\.b\\-c', 64)).toEqual(['a.b-c']);
  });

  it('expands alternation, groups, classes and optional parts', () => {
    expect(expandFiniteRegex('flag\\{(yes|no)\\}', 64)).toEqual(['flag{yes}', 'flag{no}']);
    expect(expandFiniteRegex('(?:a|b)c', 64)).toEqual(['ac', 'bc']);
    expect(expandFiniteRegex('[Ff]lag', 64)).toEqual(['Flag', 'flag']);
    expect(expandFiniteRegex('x[0-2]', 64)).toEqual(['x0', 'x1', 'x2']);
    expect(expandFiniteRegex('colou?r', 64)).toEqual(['colour', 'color'].reverse());
    expect(expandFiniteRegex('a|b|a', 64)).toEqual(['a', 'b']);
  });

  it('gives null for infinite or unsupported patterns', () => {
    for (const pattern of ['flag\\{.*\\}', 'a+', 'a*', 'a{2}', '\\d', '[^a]', '(?=a)', '(a', 'a)', '\\1', 'a??']) {
      expect(expandFiniteRegex(pattern, 64), pattern).toBeNull();
    }
  });

  it('gives null when the set is larger than the limit', () => {
    expect(expandFiniteRegex('[a-z][a-z]', 64)).toBeNull();
    expect(expandFiniteRegex('[Ff][Ll][Aa][Gg]', 16)).toHaveLength(16);
    expect(expandFiniteRegex('[Ff][Ll][Aa][Gg][Xx]', 16)).toBeNull();
  });
});
