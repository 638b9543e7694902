import { AnswerResult, type EventType } from '@flagpole/contract';

/** Filter order: the verdicts monitors look for most come first. */
export const ANSWER_FILTERS: readonly AnswerResult[] = [
  'Accepted',
  'WrongAnswer',
  'CheatDetected',
  'NotFound',
  'FlagSubmitted',
];

export const EVENT_TYPES: readonly EventType[] = [
  'FlagSubmit',
  'CheatDetected',
  'ContainerStart',
  'ContainerDestroy',
  'Normal',
];

/** A verdict read from an event's values; anything else (an older or unknown value) gives null. */
export function answerOf(value: string | undefined): AnswerResult | null {
  const parsed = AnswerResult.safeParse(value);
  return parsed.success ? parsed.data : null;
}
