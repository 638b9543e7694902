import type { AnswerResult, EventType } from '@flagpole/contract';

/**
 * Badge colour of each verdict, after the spec's status colours: accepted green (success), wrong red
 * (failed), still being judged yellow (pending), no flag for the team violet (not found). A cheat is
 * orange so it stands apart from an ordinary wrong answer at a glance.
 */
export const ANSWER_COLORS: Record<AnswerResult, string> = {
  Accepted: 'green',
  WrongAnswer: 'red',
  FlagSubmitted: 'yellow',
  CheatDetected: 'orange',
  NotFound: 'violet',
};

/** Filter order: the verdicts monitors look for most come first. */
export const ANSWER_FILTERS: readonly AnswerResult[] = [
  'Accepted',
  'WrongAnswer',
  'CheatDetected',
  'NotFound',
  'FlagSubmitted',
];

export const EVENT_COLORS: Record<EventType, string> = {
  Normal: 'blue',
  FlagSubmit: 'teal',
  CheatDetected: 'orange',
  ContainerStart: 'cyan',
  ContainerDestroy: 'indigo',
};

export const EVENT_TYPES: readonly EventType[] = [
  'FlagSubmit',
  'CheatDetected',
  'ContainerStart',
  'ContainerDestroy',
  'Normal',
];

/** A verdict read from an event's values; anything else (an older or unknown value) gives null. */
export function answerOf(value: string | undefined): AnswerResult | null {
  return value !== undefined && value in ANSWER_COLORS ? (value as AnswerResult) : null;
}
