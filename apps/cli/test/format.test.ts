import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ChallengeCategory, ChallengeType, FlagMatchType, NetworkMode } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, difficultyForDecay, duplicateNames, mapCategory, toDesired } from '../src/desired.js';
import { loadFolder, loadText } from '../src/load.js';
import { schemaOf } from '../src/schema.js';

const examples = path.resolve(import.meta.dirname, '../../../examples/challenges');

/** Parses and maps one file's text as if it were `<dir>/<name>`. */
function desiredOf(text: string, name = 'challenge.yml') {
  const dir = mkdtempSync(path.join(tmpdir(), 'flagpole-cli-'));
  const file = path.join(dir, name);
  writeFileSync(file, text);
  const { loaded, problems } = loadText(file, text);
  expect(problems).toEqual([]);
  if (!loaded) throw new Error('not loaded');
  return toDesired(loaded);
}

interface SchemaShape {
  properties: {
    flagpole: { properties: Record<string, { enum?: string[]; properties?: Record<string, { enum?: string[] }> }> };
  };
}
const schema = (format: 'ctfcli' | 'noctf') => schemaOf(format) as unknown as SchemaShape;

describe('the JSON Schema', () => {
  it("lists exactly the platform's categories, types, network modes", () => {
    const flagpole = schema('ctfcli').properties.flagpole.properties;
    expect(flagpole.category?.enum).toEqual(ChallengeCategory.options);
    expect([...CATEGORIES]).toEqual(ChallengeCategory.options);
    expect(flagpole.type?.enum).toEqual(ChallengeType.options);
    expect(flagpole.container?.properties?.network?.enum).toEqual(NetworkMode.options);
  });

  it('gives noctf.yaml the same flagpole block, standing alone', () => {
    expect(schema('noctf').properties.flagpole).toEqual(schema('ctfcli').properties.flagpole);
  });
});

describe('lint', () => {
  it('accepts the example repository', () => {
    const { files, problems, count } = loadFolder(examples);
    expect(problems).toEqual([]);
    expect(count).toBe(6);
    for (const loaded of files) expect(toDesired(loaded).problems).toEqual([]);
  });

  it('reports each problem with its line, column and field', () => {
    const text =
      'name: Bad\nvalue: lots\nflags:\n  - type: static\n    content: x\n    data: sometimes\nflagpole:\n  colour: red\n';
    const { problems } = loadText('bad/challenge.yml', text);
    expect(problems.map((p) => `${p.line}:${p.column} ${p.field}`)).toEqual([
      '2:8 value',
      '6:11 flags.0.data',
      '8:3 flagpole.colour',
    ]);
    expect(problems[0]?.file).toBe('bad/challenge.yml');
  });

  it('reports a YAML syntax error where it is', () => {
    const { problems } = loadText('x/challenge.yml', 'name: ok\nflags: [a, b\n');
    expect(problems).toHaveLength(1);
    expect(problems[0]?.line).toBeGreaterThanOrEqual(2);
  });

  it('reports a missing attachment file at its line', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'flagpole-cli-'));
    const file = path.join(dir, 'challenge.yml');
    const text = 'name: A\nfiles:\n  - missing.zip\n';
    writeFileSync(file, text);
    const { loaded } = loadText(file, text);
    if (!loaded) throw new Error('not loaded');
    const { problems } = toDesired(loaded);
    expect(problems.map((p) => `${p.line}:${p.column} ${p.field}`)).toEqual(['3:5 files.0']);
  });
});

describe('names', () => {
  it('must be unique across the folder: the second file is reported at its name', () => {
    const mapped = ['a/challenge.yml', 'b/challenge.yml', 'c/noctf.yaml'].map((file) => {
      const text = file.endsWith('noctf.yaml')
        ? 'slug: same\ntitle: Same\ncategories: [misc]\ndescription: x\n'
        : '# first\nname: Same\n';
      const { loaded } = loadText(file, text);
      if (!loaded) throw new Error('not loaded');
      const { desired } = toDesired(loaded);
      if (!desired) throw new Error('not mapped');
      return { loaded, desired };
    });
    expect(duplicateNames(mapped).map((p) => `${p.file}:${p.line}:${p.column} ${p.field}`)).toEqual([
      'b/challenge.yml:2:7 name',
      'c/noctf.yaml:2:8 title',
    ]);
  });
});

describe('mapping ctfcli fields', () => {
  it('maps flags, hints, scoring and state, noting what it maps or skips', () => {
    const { desired, notes } = desiredOf(
      [
        'name: Cookie',
        'category: rev',
        'value: 500',
        'type: dynamic',
        'extra: {initial: 500, decay: 21, minimum: 100}',
        'flags:',
        '  - plain',
        '  - {type: static, content: Any, data: case_insensitive}',
        '  - {type: regex, content: "a+", data: case_sensitive}',
        '  - {type: regex, content: "b+", data: case_insensitive}',
        'hints: [free, {content: paid, cost: 10}, {content: later, kind: FreeAfter, free_at: "2030-01-01T00:00:00Z"}]',
        'requirements: {prerequisites: [Warmup, 3], anonymize: true}',
        'attempts: 5',
        'state: hidden',
        'author: me',
        'scheduled_at: "2030-01-01T00:00:00+02:00"',
      ].join('\n'),
    );
    expect(desired).toMatchObject({
      title: 'Cookie',
      category: 'Reverse',
      type: 'StaticAttachment',
      originalScore: 500,
      minScoreRate: 0.2,
      difficulty: difficultyForDecay(21),
      submissionLimit: 5,
      isEnabled: false,
      hints: ['free'],
      lockedHints: [
        { title: 'Hint 2', content: 'paid', kind: 'Points', cost: 10, freeAt: null },
        { title: 'Hint 3', content: 'later', kind: 'FreeAfter', cost: 0, freeAt: Date.parse('2030-01-01T00:00:00Z') },
      ],
      prerequisites: { titles: ['Warmup'], count: null, hidden: false },
      releaseUtc: Date.parse('2030-01-01T00:00:00+02:00'),
      flags: [
        { flag: 'plain', matchType: 'Exact' },
        { flag: 'Any', matchType: 'IgnoreCase' },
        { flag: 'a+', matchType: 'Regex' },
        { flag: 'b+', matchType: 'RegexIgnoreCase' },
      ],
    });
    for (const flag of desired?.flags ?? []) expect(FlagMatchType.options).toContain(flag.matchType);
    expect(notes.map((n) => n.field).sort()).toEqual(['author', 'category', 'extra.decay', 'requirements']);
  });

  it('puts the score within 5 % of the minimum after `decay` solves', () => {
    const d = difficultyForDecay(21);
    expect(Math.exp((1 - 21) / d)).toBeCloseTo(0.05, 2);
  });

  it("maps other platforms' category names and falls back to Misc with a note", () => {
    expect(mapCategory('Cryptography')).toBe('Crypto');
    expect(mapCategory('osint')).toBe('OSINT');
    const { desired, notes } = desiredOf('name: X\ncategory: Stego\n');
    expect(desired?.category).toBe('Misc');
    expect(notes[0]?.message).toContain('Stego');
  });

  it('reads the release from flagpole.release before scheduled_at, and null as "no release"', () => {
    const both = desiredOf(
      ['name: Timed', 'scheduled_at: "2030-01-01T00:00:00Z"', 'flagpole:', '  release: "2031-01-01T00:00:00Z"'].join(
        '\n',
      ),
    );
    expect(both.problems).toEqual([]);
    expect(both.desired?.releaseUtc).toBe(Date.parse('2031-01-01T00:00:00Z'));
    expect(desiredOf('name: Timed\nflagpole: {release: null}\n').desired?.releaseUtc).toBe(0);
    expect(desiredOf('name: Timed\n').desired).not.toHaveProperty('releaseUtc');
  });

  it('reads the flagpole block: type, container, template, bonus, deadline', () => {
    const { desired, problems } = desiredOf(
      [
        'name: Box',
        'flagpole:',
        '  type: DynamicContainer',
        '  flag_template: "flag{[GUID]}"',
        '  container: {image: "reg/box:1", port: 8080, memory: 64, cpus: 2, storage: 0, network: Open, traffic_capture: false}',
        '  blood_bonus: false',
        '  deadline: "2030-01-01T00:00:00Z"',
      ].join('\n'),
    );
    expect(problems).toEqual([]);
    expect(desired).toMatchObject({
      type: 'DynamicContainer',
      flagTemplate: 'flag{[GUID]}',
      containerImage: 'reg/box:1',
      exposePort: 8080,
      memoryLimit: 64,
      cpuCount: 2,
      storageLimit: 0,
      networkMode: 'Open',
      enableTrafficCapture: false,
      disableBloodBonus: true,
      deadlineUtc: Date.parse('2030-01-01T00:00:00Z'),
    });
  });

  it('refuses fixed flags on a DynamicContainer challenge, naming the field', () => {
    const { problems } = desiredOf('name: Box\nflags: [x]\nflagpole: {type: DynamicContainer}\n');
    expect(problems[0]).toMatchObject({ field: 'flags', line: 2 });
  });
});

describe('mapping noCTF fields', () => {
  it('maps title, first category, flags by strategy, hints, hidden and the quadratic curve', () => {
    const { desired, notes } = desiredOf(
      [
        'slug: where',
        'title: Where',
        'categories: [web, misc]',
        'description: Find it.',
        'flags: [{data: a, strategy: case_insensitive}, {data: "b.*", strategy: regex_sensitive}, c]',
        'hints: [{title: T, description: Look.}]',
        'hidden: true',
        'scoring: {strategy: quadratic, params: {base: 100, top: 400, decay: 11}, bonus: [0]}',
      ].join('\n'),
      'noctf.yaml',
    );
    expect(desired).toMatchObject({
      title: 'Where',
      category: 'Web',
      content: 'Find it.',
      flags: [
        { flag: 'a', matchType: 'IgnoreCase' },
        { flag: 'b.*', matchType: 'Regex' },
        { flag: 'c', matchType: 'Exact' },
      ],
      hints: ['Look.'],
      isEnabled: false,
      originalScore: 400,
      minScoreRate: 0.25,
      difficulty: difficultyForDecay(11),
      disableBloodBonus: true,
    });
    expect(notes.map((n) => n.field)).toEqual(
      expect.arrayContaining(['categories', 'hints.0.title', 'scoring', 'scoring.bonus']),
    );
  });
});
