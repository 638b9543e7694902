import { describe, expect, it } from 'vitest';
import { isDue, judgeRun, keptOutput, nextHealth } from './health-rules';

const isFlag = (line: string) => line === 'flag{ok}';
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));

describe('judgeRun', () => {
  it('passes on the flag printed on a line of its own, even with a failing exit code', () => {
    expect(judgeRun({ exitCode: 1, output: 'connecting\n  flag{ok}  \n', timedOut: false }, isFlag)).toBe('Passed');
  });
  it('passes on exit 0 without the flag', () => {
    expect(judgeRun({ exitCode: 0, output: 'checked\n', timedOut: false }, isFlag)).toBe('Passed');
  });
  it('fails on a wrong flag and a failing exit code', () => {
    expect(judgeRun({ exitCode: 1, output: 'flag{nope}\nflag{ok}x\n', timedOut: false }, isFlag)).toBe('Failed');
  });
  it('times out over the limit whatever was printed', () => {
    expect(judgeRun({ exitCode: null, output: 'flag{ok}\n', timedOut: true }, isFlag)).toBe('TimedOut');
  });
});

describe('nextHealth', () => {
  it('turns failing once and keeps the start of the streak', () => {
    const first = nextHealth({ status: 'Healthy', failingSince: null }, 'Failed', at(0));
    expect(first).toEqual({ status: 'Failing', failingSince: at(0), turnedFailing: true, recovered: false });
    const second = nextHealth(first, 'TimedOut', at(5));
    expect(second).toEqual({ status: 'Failing', failingSince: at(0), turnedFailing: false, recovered: false });
  });
  it('an unknown check failing its first run turns failing', () => {
    expect(nextHealth({ status: 'Unknown', failingSince: null }, 'Error', at(1)).turnedFailing).toBe(true);
  });
  it('a pass ends the streak and says it recovered', () => {
    expect(nextHealth({ status: 'Failing', failingSince: at(0) }, 'Passed', at(9))).toEqual({
      status: 'Healthy',
      failingSince: null,
      turnedFailing: false,
      recovered: true,
    });
    expect(nextHealth({ status: 'Unknown', failingSince: null }, 'Passed', at(9)).recovered).toBe(false);
  });
});

describe('isDue', () => {
  const game = { challengeEnabled: true, gameStart: at(0), gameEnd: at(60) };
  const check = { enabled: true, nextRunAt: at(10), requested: false };
  it('runs on its schedule while the game runs', () => {
    expect(isDue(check, game, at(9))).toBe(false);
    expect(isDue(check, game, at(10))).toBe(true);
  });
  it('does not run on the schedule outside the game, for a disabled challenge or a check off the schedule', () => {
    expect(isDue(check, game, at(60))).toBe(false);
    expect(isDue(check, { ...game, gameStart: at(30) }, at(20))).toBe(false);
    expect(isDue(check, { ...game, challengeEnabled: false }, at(20))).toBe(false);
    expect(isDue({ ...check, enabled: false }, game, at(20))).toBe(false);
  });
  it('runs on demand at any time', () => {
    expect(isDue({ ...check, enabled: false, requested: true }, { ...game, challengeEnabled: false }, at(90))).toBe(
      true,
    );
  });
});

describe('keptOutput', () => {
  it('keeps the end of a long output', () => {
    expect(keptOutput('abcdef', 4)).toBe('…def');
    expect(keptOutput('abc', 4)).toBe('abc');
  });
});
