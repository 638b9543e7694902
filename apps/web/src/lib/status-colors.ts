import type { AnswerResult, EventType, TaskStatus } from '@flagpole/contract';

/**
 * Badge colours of the product's statuses, one place for every page that shows them. Names are Mantine palettes;
 * `alert` is the theme's own error palette.
 */

/** Submission and log status, as the spec lists them; `Unhealthy` and `Degraded` (not in the spec) warn in orange. */
export const TASK_STATUS_COLORS: Record<TaskStatus, string> = {
  Success: 'green',
  Failed: 'red',
  Pending: 'yellow',
  Denied: 'alert',
  Exit: 'gray',
  NotFound: 'violet',
  Duplicate: 'lime',
  Unhealthy: 'orange',
  Degraded: 'orange',
};

/** A status that may be missing (the spec's `null`) is gray. */
export function taskStatusColor(status: TaskStatus | null): string {
  return status === null ? 'gray' : TASK_STATUS_COLORS[status];
}

/**
 * Verdicts follow the status colours: accepted green (success), wrong red (failed), still being judged yellow
 * (pending), no flag for the team violet (not found), and a cheat in the alert palette (denied).
 */
export const ANSWER_COLORS: Record<AnswerResult, string> = {
  Accepted: 'green',
  WrongAnswer: 'red',
  FlagSubmitted: 'yellow',
  CheatDetected: 'alert',
  NotFound: 'violet',
};

/** Event types: a detected cheat uses the same alert palette as its verdict; container events in blue tones. */
export const EVENT_COLORS: Record<EventType, string> = {
  Normal: 'blue',
  FlagSubmit: 'teal',
  CheatDetected: 'alert',
  ContainerStart: 'cyan',
  ContainerDestroy: 'indigo',
};
