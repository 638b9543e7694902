import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../lib/clock';
import { MemoryEventBus } from '../lib/event-bus';
import { liveChannel } from '../realtime/live-channel';
import type { JudgeRepository, PendingSubmission } from '../repositories/judge.repository';
import type { FlagCache } from './flag-cache';
import { createFlagChecker } from './flag-checker.service';
import type { NoticeService } from './notice.service';
import type { ScoreboardService } from './scoreboard.service';
import { VERDICTS_SHARED } from './verdict-sharing';

const USER = '00000000-0000-4000-8000-000000000001';

function submission(id: number): PendingSubmission & { userId: string } {
  return {
    id,
    gameId: 1,
    challengeId: 2,
    participationId: 3,
    userId: USER,
    answer: `flag{wrong-${id}}`,
    submittedAt: new Date('2030-01-01T00:00:00Z'),
    challengeType: 'StaticAttachment',
    challengeTitle: 'C',
    teamId: 4,
    teamName: 'T',
    userName: 'player',
  };
}

/** A checker whose collaborators are never reached by answers judged on entry. */
function checker(recentLimit: number, events = new MemoryEventBus(), owner = '00000000-0000-4000-8000-0000000000ff') {
  const unused = {} as never;
  return createFlagChecker({
    repository: unused as JudgeRepository,
    owner,
    flags: unused as FlagCache,
    notices: unused as NoticeService,
    scoreboard: unused as ScoreboardService,
    events,
    clock: new FakeClock(),
    log: pino({ level: 'silent' }),
    recentLimit,
  });
}

describe('flag checker: status memory', () => {
  it('keeps the verdicts of answers judged on entry within its bound, forgetting the oldest first', async () => {
    const flags = checker(3);
    for (const id of [1, 2, 3, 4]) await flags.judgedAtEntry(submission(id), 'WrongAnswer');
    // The oldest is left to the database; the three newest are answered from memory.
    expect(flags.knownStatus(1, USER, 1, 2)).toBeUndefined();
    for (const id of [2, 3, 4]) expect(flags.knownStatus(id, USER, 1, 2)).toBe('WrongAnswer');
  });

  it('shares the bound between queued submissions and answers judged on entry', async () => {
    const flags = checker(2);
    await flags.judgedAtEntry(submission(1), 'WrongAnswer');
    await flags.judgedAtEntry(submission(2), 'WrongAnswer');
    await flags.stop();
    flags.submitted(submission(3));
    expect(flags.knownStatus(1, USER, 1, 2)).toBeUndefined();
    expect(flags.knownStatus(2, USER, 1, 2)).toBe('WrongAnswer');
    expect(flags.knownStatus(3, USER, 1, 2)).toBe('FlagSubmitted');
  });
});

describe('flag checker: verdicts shared between processes', () => {
  it('a verdict committed by one process answers status calls reaching another without a query', async () => {
    // One bus between two processes, as Redis is: each process's own messages reach its handlers too.
    const bus = new MemoryEventBus();
    const storing = checker(10, bus, '00000000-0000-4000-8000-0000000000aa');
    const other = checker(10, bus, '00000000-0000-4000-8000-0000000000bb');
    await storing.judgedAtEntry(submission(7), 'WrongAnswer');
    await storing.judgedAtEntry(submission(8), 'WrongAnswer');
    expect(other.knownStatus(7, USER, 1, 2)).toBeUndefined();
    // Sent once per turn of the event loop, for every verdict of the turn.
    await new Promise((resolve) => setImmediate(resolve));
    for (const id of [7, 8]) expect(other.knownStatus(id, USER, 1, 2)).toBe('WrongAnswer');
    // Only the submitter's team, game and challenge get it, as from the storing process's own memory.
    expect(other.knownStatus(7, '00000000-0000-4000-8000-000000000002', 1, 2)).toBeUndefined();
    expect(other.knownStatus(7, USER, 1, 3)).toBeUndefined();
  });

  it('sends the live messages of a turn’s verdicts in one bus message, delivered to the game’s channel', async () => {
    const bus = new MemoryEventBus();
    const flags = checker(10, bus);
    const shared: unknown[] = [];
    const live: Array<{ type: string; data: { status?: string; type?: string } }> = [];
    bus.subscribe(VERDICTS_SHARED, (payload) => shared.push(payload));
    bus.subscribe(liveChannel(1), (message) => live.push(message as (typeof live)[number]));
    await flags.judgedAtEntry(submission(3), 'WrongAnswer');
    await flags.judgedAtEntry(submission(4), 'WrongAnswer');
    expect(live).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(shared).toHaveLength(1);
    expect(live.map((message) => `${message.type}:${message.data.type ?? message.data.status}`)).toEqual([
      'event:FlagSubmit',
      'submission:WrongAnswer',
      'event:FlagSubmit',
      'submission:WrongAnswer',
    ]);
  });

  it('ignores malformed messages on the channel', async () => {
    const bus = new MemoryEventBus();
    const other = checker(10, bus);
    await bus.publish(VERDICTS_SHARED, {
      owner: 'x',
      verdicts: [[9, USER, 1, 2, 'Maybe'], [10, 5, 1, 2, 'Accepted'], 'no'],
    });
    await bus.publish(VERDICTS_SHARED, { owner: 'x', live: [[1, null], ['1', { type: 'event' }], 5] });
    await bus.publish(VERDICTS_SHARED, null);
    expect(other.knownStatus(9, USER, 1, 2)).toBeUndefined();
    expect(other.knownStatus(10, USER, 1, 2)).toBeUndefined();
  });
});

describe('flag checker: retries after an outage', () => {
  it('judges every submission of a batch whose one-by-one retries outlast the first pause', async () => {
    // Each try during the outage takes 300 ms to fail, so a batch of three fails for 1.2 s in all: longer than
    // the first pause (500 ms) of the submission that failed first.
    let outage = true;
    const judged: number[] = [];
    const flags = {
      key: () => 'k',
      flagsFor: async () => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        if (outage) throw new Error('database unreachable');
        return new Map();
      },
    } as unknown as FlagCache;
    const repository = {
      commitRejections: async (verdicts: Array<{ submission: { id: number } }>) => {
        judged.push(...verdicts.map((v) => v.submission.id));
        return verdicts;
      },
    } as unknown as JudgeRepository;
    const checker = createFlagChecker({
      repository,
      owner: '00000000-0000-4000-8000-0000000000ff',
      flags,
      notices: {} as NoticeService,
      scoreboard: {} as ScoreboardService,
      events: new MemoryEventBus(),
      clock: new FakeClock(),
      log: pino({ level: 'silent' }),
    });
    for (const id of [1, 2, 3]) checker.submitted(submission(id));
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    outage = false;
    const deadline = Date.now() + 10_000;
    while (judged.length < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await checker.stop();
    expect(judged.sort()).toEqual([1, 2, 3]);
  });
});
