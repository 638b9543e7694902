import { type HealthRunOutcome, type HealthStatus, healthLimits } from '@flagpole/contract';

/*
 * The rules of challenge health checks (docs/operations.md, "Health checks"), pure so they are unit-tested:
 * what a run's outcome is, how the status follows from the runs, when a check runs next.
 */

/** Runs kept per challenge; older ones are deleted when a run is recorded. */
export const KEPT_RUNS = 50;
/** How long a claimed check stays with its process beyond its time limit (the instance start, the clean-up). */
export const CLAIM_MARGIN_MS = 3 * 60_000;

export interface FinishedScript {
  exitCode: number | null;
  output: string;
  timedOut: boolean;
}

/**
 * A run passes when it ends within its limit and either prints a correct flag on a line of its own (judged as
 * a submission would be) or exits 0. Over the limit it timed out, whatever it printed.
 */
export function judgeRun(run: FinishedScript, isFlag: (line: string) => boolean): HealthRunOutcome {
  if (run.timedOut) return 'TimedOut';
  const printedFlag = run.output.split(/\r?\n/).some((line) => {
    const answer = line.trim();
    return answer !== '' && isFlag(answer);
  });
  return printedFlag || run.exitCode === 0 ? 'Passed' : 'Failed';
}

export interface HealthState {
  status: HealthStatus;
  failingSince: Date | null;
}

/**
 * The status after a run. A failing streak keeps the time of its first failed run; `turnedFailing` is true only
 * on the run that starts a streak (what notifies organisers), `recovered` on the first pass after one.
 */
export function nextHealth(
  previous: HealthState,
  outcome: HealthRunOutcome,
  at: Date,
): HealthState & { turnedFailing: boolean; recovered: boolean } {
  if (outcome === 'Passed') {
    return { status: 'Healthy', failingSince: null, turnedFailing: false, recovered: previous.status === 'Failing' };
  }
  const wasFailing = previous.status === 'Failing';
  return {
    status: 'Failing',
    failingSince: wasFailing ? (previous.failingSince ?? at) : at,
    turnedFailing: !wasFailing,
    recovered: false,
  };
}

/** Scheduled runs happen while the game runs and the challenge is enabled; runs asked for happen any time. */
export function isDue(
  check: { enabled: boolean; nextRunAt: Date; requested: boolean },
  context: { challengeEnabled: boolean; gameStart: Date; gameEnd: Date },
  now: Date,
): boolean {
  if (check.requested) return true;
  const running = now >= context.gameStart && now < context.gameEnd;
  return check.enabled && context.challengeEnabled && running && check.nextRunAt <= now;
}

/** The end of what a script printed, at most the stored length. */
export function keptOutput(output: string, max: number = healthLimits.output.max): string {
  return output.length <= max ? output : `…${output.slice(output.length - max + 1)}`;
}
