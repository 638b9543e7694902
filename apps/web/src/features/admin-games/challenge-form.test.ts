import type { ChallengeEditDetailModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { flagAddPath, numberOrUndefined, toChallengeFormValues, toChallengeUpdate } from './challenge-form';

const challenge: ChallengeEditDetailModel = {
  id: 1,
  title: 'Baby RSA',
  content: 'Find the flag',
  category: 'Crypto',
  type: 'StaticAttachment',
  hints: ['one'],
  flagTemplate: null,
  isEnabled: false,
  acceptedCount: 0,
  fileName: null,
  attachment: null,
  testContainer: null,
  flags: [],
  containerImage: '',
  memoryLimit: 64,
  cpuCount: 1,
  storageLimit: 256,
  exposePort: 80,
  networkMode: 'Open',
  enableTrafficCapture: false,
  disableBloodBonus: false,
  deadlineUtc: null,
  releaseUtc: null,
  submissionLimit: 0,
  originalScore: 1000,
  minScoreRate: 0.25,
  difficulty: 5,
};

describe('challenge form mapping', () => {
  it('sends only the common fields for an attachment challenge', () => {
    const body = toChallengeUpdate({ ...toChallengeFormValues(challenge), hints: ['one', ' ', ' two '] }, challenge);
    expect(body).toEqual({
      title: 'Baby RSA',
      content: 'Find the flag',
      category: 'Crypto',
      hints: ['one', 'two'],
      originalScore: 1000,
      minScoreRate: 0.25,
      difficulty: 5,
      disableBloodBonus: false,
      submissionLimit: 0,
    });
  });

  it('adds container settings and the template for a dynamic container', () => {
    const values = {
      ...toChallengeFormValues(challenge),
      containerImage: ' nginx:alpine ',
      flagTemplate: 'flag{[TEAM_HASH]}',
    };
    expect(toChallengeUpdate(values, { ...challenge, type: 'DynamicContainer' })).toMatchObject({
      containerImage: 'nginx:alpine',
      flagTemplate: 'flag{[TEAM_HASH]}',
      memoryLimit: 64,
      cpuCount: 1,
      storageLimit: 256,
      exposePort: 80,
      networkMode: 'Open',
      enableTrafficCapture: false,
    });
  });

  it('sends the services of a container challenge, an empty list for a single image, none for other types', () => {
    const container = { ...challenge, type: 'StaticContainer' as const };
    expect(toChallengeFormValues(container).services).toEqual([]);
    expect(toChallengeUpdate(toChallengeFormValues(container), container).services).toEqual([]);
    const service = {
      name: 'web',
      image: 'w:1',
      entry: true,
      ports: [8080],
      env: [{ name: 'A', value: 'b' }],
      memoryLimit: 64,
      cpuCount: 1,
      pidsLimit: 256,
      readOnlyRoot: false,
      dynamicFlag: true,
    };
    const withServices = { ...container, services: [service] };
    const values = toChallengeFormValues(withServices);
    expect(values.services[0]?.ports).toEqual(['8080']);
    expect(toChallengeUpdate(values, withServices).services).toEqual([service]);
    expect(toChallengeUpdate(toChallengeFormValues(challenge), challenge)).not.toHaveProperty('services');
  });

  it('leaves empty numbers out, and an empty deadline when none was stored', () => {
    const body = toChallengeUpdate({ ...toChallengeFormValues(challenge), originalScore: '', deadline: '' }, challenge);
    expect(body.originalScore).toBeUndefined();
    expect(body).not.toHaveProperty('deadlineUtc');
  });

  it('sends 0 to remove a stored deadline whose field was cleared', () => {
    const saved = { ...challenge, deadlineUtc: new Date(2026, 0, 2, 3, 4).getTime() };
    const body = toChallengeUpdate({ ...toChallengeFormValues(saved), deadline: '  ' }, saved);
    expect(body.deadlineUtc).toBe(0);
  });

  it('does not remove a stored deadline for a malformed value', () => {
    const saved = { ...challenge, deadlineUtc: new Date(2026, 0, 2, 3, 4).getTime() };
    const body = toChallengeUpdate({ ...toChallengeFormValues(saved), deadline: '2026-13-40T99:99' }, saved);
    expect(body).not.toHaveProperty('deadlineUtc');
  });

  it('sends a release time, and 0 to remove a stored one whose field was cleared', () => {
    const release = new Date(2026, 0, 2, 3, 4).getTime();
    const values = toChallengeFormValues({ ...challenge, releaseUtc: release });
    expect(values.release).toBe('2026-01-02T03:04');
    expect(toChallengeUpdate(values, challenge).releaseUtc).toBe(release);
    const saved = { ...challenge, releaseUtc: release };
    expect(toChallengeUpdate({ ...values, release: '' }, saved).releaseUtc).toBe(0);
    expect(toChallengeUpdate({ ...values, release: '' }, challenge)).not.toHaveProperty('releaseUtc');
  });

  it('sends a deadline', () => {
    const deadline = new Date(2026, 0, 2, 3, 4).getTime();
    const values = toChallengeFormValues({ ...challenge, deadlineUtc: deadline });
    expect(values.deadline).toBe('2026-01-02T03:04');
    expect(toChallengeUpdate(values, challenge).deadlineUtc).toBe(deadline);
  });

  it('sends the game phase only when it changed: an id, or null to take the challenge out of its phase', () => {
    const inPhase = { ...challenge, phaseId: 7 };
    const values = toChallengeFormValues(inPhase);
    expect(values.gamePhase).toBe('7');
    expect(toChallengeUpdate(values, inPhase)).not.toHaveProperty('phaseId');
    expect(toChallengeUpdate({ ...values, gamePhase: '' }, inPhase).phaseId).toBeNull();
    expect(toChallengeUpdate({ ...values, gamePhase: '9' }, inPhase).phaseId).toBe(9);
    // A challenge of a game without phases (the reference's clients never send one) sends nothing.
    expect(toChallengeUpdate(toChallengeFormValues(challenge), challenge)).not.toHaveProperty('phaseId');
  });

  it('sends the download name of a dynamic attachment, trimmed, and never an empty one', () => {
    const dynamic = { ...challenge, type: 'DynamicAttachment' as const, fileName: 'attachment' };
    const values = { ...toChallengeFormValues(dynamic), fileName: ' task.zip ' };
    expect(values.fileName).not.toBe('');
    expect(toChallengeUpdate(values, dynamic).fileName).toBe('task.zip');
    expect(toChallengeUpdate({ ...values, fileName: '  ' }, dynamic)).not.toHaveProperty('fileName');
    expect(toChallengeUpdate(values, challenge)).not.toHaveProperty('fileName');
  });

  it('offers only flags with attachments for dynamic attachments', () => {
    expect(flagAddPath('DynamicAttachment')).toBe('withAttachment');
    expect(flagAddPath('DynamicContainer')).toBe('template');
    expect(flagAddPath('StaticAttachment')).toBe('plain');
    expect(flagAddPath('StaticContainer')).toBe('plain');
  });

  it('numberOrUndefined', () => {
    expect(numberOrUndefined('')).toBeUndefined();
    expect(numberOrUndefined('12')).toBe(12);
    expect(numberOrUndefined(0.5)).toBe(0.5);
    expect(numberOrUndefined('x')).toBeUndefined();
  });
});
