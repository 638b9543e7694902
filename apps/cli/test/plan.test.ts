import { describe, expect, it } from 'vitest';
import type { Desired } from '../src/desired.js';
import { palette } from '../src/output.js';
import { hasChanges, planSync, summarise } from '../src/plan.js';
import type { RemoteChallenge } from '../src/remote.js';

const hash = 'a'.repeat(64);

function remote(overrides: Partial<RemoteChallenge> = {}): RemoteChallenge {
  return {
    id: 7,
    title: 'Cookie',
    content: 'Eat it.',
    category: 'Web',
    type: 'StaticAttachment',
    hints: ['one'],
    flagTemplate: null,
    isEnabled: true,
    acceptedCount: 3,
    fileName: 'jar.zip',
    attachment: { id: 1, type: 'Local', url: `/assets/${hash}/jar.zip`, fileSize: 10 },
    flags: [{ id: 11, flag: 'flag{a}', matchType: 'Exact', attachment: null }],
    containerImage: '',
    memoryLimit: null,
    cpuCount: null,
    storageLimit: null,
    exposePort: null,
    networkMode: null,
    enableTrafficCapture: null,
    disableBloodBonus: false,
    deadlineUtc: null,
    submissionLimit: 0,
    originalScore: 500,
    minScoreRate: 0.25,
    difficulty: 5,
    ...overrides,
  };
}

function desired(overrides: Partial<Desired> = {}): Desired {
  return {
    title: 'Cookie',
    category: 'Web',
    type: 'StaticAttachment',
    content: 'Eat it.',
    hints: ['one'],
    flags: [{ flag: 'flag{a}', matchType: 'Exact' }],
    attachment: { kind: 'local', path: '/x/jar.zip', hash, size: 10 },
    fileName: 'jar.zip',
    isEnabled: true,
    originalScore: 500,
    ...overrides,
  };
}

describe('planSync', () => {
  it('adds and removes locked hints to match the file, and leaves them alone when the file says nothing', () => {
    const paid = { title: 'Hint 2', content: 'paid', kind: 'Points' as const, cost: 10, freeAt: null };
    const held = [{ id: 3, ...paid }];
    const same = planSync(
      [{ file: 'a.yml', desired: desired({ lockedHints: [paid] }) }],
      [remote({ lockedHints: held })],
      {
        prune: false,
      },
    );
    expect(same.steps[0]?.action).toBe('unchanged');
    const dearer = planSync(
      [{ file: 'a.yml', desired: desired({ lockedHints: [{ ...paid, cost: 20 }] }) }],
      [remote({ lockedHints: held })],
      { prune: false },
    );
    expect(dearer.steps[0]).toMatchObject({
      action: 'update',
      addHints: [{ ...paid, cost: 20 }],
      removeHints: [{ id: 3, title: 'Hint 2' }],
    });
    expect(
      planSync([{ file: 'a.yml', desired: desired() }], [remote({ lockedHints: held })], { prune: false }).steps[0]
        ?.action,
    ).toBe('unchanged');
  });

  it('compares prerequisites by title, and refuses a name no challenge has', () => {
    const gate = remote({ id: 2, title: 'Gate' });
    const rule = { challengeIds: [2], count: null, hidden: true };
    const wanted = (prerequisites: Desired['prerequisites']) => [
      { file: 'a.yml', desired: desired({ prerequisites }) },
    ];
    const held = [gate, remote({ prerequisites: rule })];
    const same = planSync(wanted({ titles: ['Gate'], count: null, hidden: true }), held, { prune: false });
    expect(same.steps.find((s) => s.title === 'Cookie')?.action).toBe('unchanged');
    const shown = planSync(wanted({ titles: ['Gate'], count: null, hidden: false }), held, { prune: false });
    expect(shown.steps.find((s) => s.title === 'Cookie')?.changes).toEqual([
      {
        field: 'prerequisites',
        from: { titles: ['Gate'], count: null, hidden: true },
        to: { titles: ['Gate'], count: null, hidden: false },
      },
    ]);
    const cleared = planSync(wanted(null), held, { prune: false });
    expect(cleared.steps.find((s) => s.title === 'Cookie')?.changes.map((c) => c.field)).toEqual(['prerequisites']);
    const unknown = planSync(wanted({ titles: ['Nowhere'], count: null, hidden: true }), held, { prune: false });
    expect(unknown.errors).toEqual([
      { file: 'a.yml', field: 'requirements', message: 'no challenge is named "Nowhere"' },
    ]);
  });

  it('maps flagpole.phase to the game phase of that title, clears it with null, and refuses an unknown title', () => {
    const phases = [
      { id: 4, title: 'Week 1' },
      { id: 5, title: 'Week 2' },
    ];
    const moved = planSync([{ file: 'a.yml', desired: desired({ phase: 'Week 2' }) }], [remote({ phaseId: 4 })], {
      prune: false,
      phases,
    });
    expect(moved.steps[0]?.changes).toEqual([{ field: 'phaseId', from: 4, to: 5 }]);
    const same = planSync([{ file: 'a.yml', desired: desired({ phase: 'Week 1' }) }], [remote({ phaseId: 4 })], {
      prune: false,
      phases,
    });
    expect(same.steps[0]?.action).toBe('unchanged');
    const cleared = planSync([{ file: 'a.yml', desired: desired({ phase: null }) }], [remote({ phaseId: 4 })], {
      prune: false,
      phases,
    });
    expect(cleared.steps[0]?.changes).toEqual([{ field: 'phaseId', from: 4, to: null }]);
    // A file without a phase leaves the challenge's phase alone; a game without phases reads as none.
    const left = planSync([{ file: 'a.yml', desired: desired() }], [remote({ phaseId: 4 })], { prune: false, phases });
    expect(left.steps[0]?.action).toBe('unchanged');
    expect(
      planSync([{ file: 'a.yml', desired: desired({ phase: null }) }], [remote()], { prune: false }).steps[0]?.action,
    ).toBe('unchanged');
    const unknown = planSync([{ file: 'a.yml', desired: desired({ phase: 'Week 9' }) }], [remote()], {
      prune: false,
      phases,
    });
    expect(unknown.errors).toEqual([
      { file: 'a.yml', field: 'flagpole.phase', message: expect.stringContaining('"Week 9"') },
    ]);
  });

  it('finds nothing to do when the game matches the folder', () => {
    const plan = planSync([{ file: 'a.yml', desired: desired() }], [remote()], { prune: false });
    expect(plan.steps.map((s) => s.action)).toEqual(['unchanged']);
    expect(hasChanges(plan)).toBe(false);
  });

  it('updates field by field and adds or removes only the flags that differ', () => {
    const plan = planSync(
      [
        {
          file: 'a.yml',
          desired: desired({
            content: 'Eat it slowly.',
            originalScore: 400,
            flags: [
              { flag: 'flag{a}', matchType: 'Exact' },
              { flag: 'flag{b}', matchType: 'IgnoreCase' },
            ],
          }),
        },
      ],
      [remote({ flags: [...remote().flags, { id: 12, flag: 'old', matchType: 'Exact', attachment: null }] })],
      { prune: false },
    );
    const [step] = plan.steps;
    expect(step?.action).toBe('update');
    expect(step?.id).toBe(7);
    expect(step?.changes).toEqual([
      { field: 'content', from: 'Eat it.', to: 'Eat it slowly.' },
      { field: 'originalScore', from: 500, to: 400 },
    ]);
    expect(step?.addFlags).toEqual([{ flag: 'flag{b}', matchType: 'IgnoreCase' }]);
    expect(step?.removeFlags).toEqual([{ id: 12, flag: 'old', matchType: 'Exact' }]);
    expect(step?.attachment).toBeUndefined();
  });

  it('uploads an attachment only when its content hash changed', () => {
    const changed = desired({ attachment: { kind: 'local', path: '/x/jar.zip', hash: 'b'.repeat(64), size: 11 } });
    const plan = planSync([{ file: 'a.yml', desired: changed }], [remote()], { prune: false });
    expect(plan.steps[0]?.attachment).toEqual({ kind: 'upload', path: '/x/jar.zip', hash: 'b'.repeat(64), size: 11 });
  });

  it('removes an attachment the file no longer names, and links a changed remote one', () => {
    const removed = planSync([{ file: 'a.yml', desired: desired({ attachment: null }) }], [remote()], { prune: false });
    expect(removed.steps[0]?.attachment).toEqual({ kind: 'clear' });
    const url = 'https://files.example/new.zip';
    const linked = planSync(
      [{ file: 'a.yml', desired: desired({ attachment: { kind: 'remote', url } }) }],
      [remote({ attachment: { id: 1, type: 'Remote', url: 'https://files.example/old.zip', fileSize: null } })],
      { prune: false },
    );
    expect(linked.steps[0]?.attachment).toEqual({ kind: 'remote', url });
  });

  it('deletes challenges the folder does not name only with prune', () => {
    const other = remote({ id: 9, title: 'Gone' });
    const kept = planSync([{ file: 'a.yml', desired: desired() }], [remote(), other], { prune: false });
    expect(kept.steps.map((s) => s.action)).toEqual(['unchanged', 'keep']);
    expect(hasChanges(kept)).toBe(false);
    const pruned = planSync([{ file: 'a.yml', desired: desired() }], [remote(), other], { prune: true });
    expect(summarise(pruned)).toMatchObject({ unchanged: 1, delete: 1 });
  });

  it('creates a challenge the game lacks, noting that it starts hidden without a state', () => {
    const plan = planSync([{ file: 'a.yml', desired: desired({ isEnabled: undefined }) }], [], { prune: false });
    expect(plan.steps[0]?.action).toBe('create');
    expect(plan.notes[0]).toMatchObject({ file: 'a.yml', field: 'state' });
  });

  it('refuses a type change and a name used twice, naming file and field', () => {
    const plan = planSync(
      [
        { file: 'a.yml', desired: desired({ type: 'StaticContainer' }) },
        { file: 'b.yml', desired: desired() },
      ],
      [remote()],
      { prune: false },
    );
    expect(plan.errors.map((e) => `${e.file} ${e.field}`)).toEqual(['a.yml flagpole.type', 'b.yml name']);
  });
});

describe('palette', () => {
  it('colours only a terminal, and not when NO_COLOR is set', () => {
    const saved = process.env.NO_COLOR;
    delete process.env.NO_COLOR;
    try {
      expect(palette({ isTTY: true } as NodeJS.WriteStream).green('ok')).toBe('\u001b[32mok\u001b[0m');
      expect(palette({ isTTY: false } as NodeJS.WriteStream).green('ok')).toBe('ok');
      process.env.NO_COLOR = '1';
      expect(palette({ isTTY: true } as NodeJS.WriteStream).green('ok')).toBe('ok');
    } finally {
      if (saved === undefined) delete process.env.NO_COLOR;
      else process.env.NO_COLOR = saved;
    }
  });
});
