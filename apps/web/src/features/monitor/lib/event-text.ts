import type { GameEvent } from '@flagpole/contract';

export type EventTextKey =
  | 'monitor.events.text.FlagSubmit'
  | 'monitor.events.text.CheatDetected'
  | 'monitor.events.text.ContainerStart'
  | 'monitor.events.text.ContainerDestroy';

/** What to say about an event: a translation key with its values, or the raw text of a plain event. */
export type EventText = { key: EventTextKey; values: { challenge: string; source?: string } } | { raw: string };

/**
 * Values by type (contract): FlagSubmit [result, flag, challenge, challengeId]; CheatDetected [challenge,
 * team, source team]; container events [challenge, …]. Missing values read as empty, never as "undefined".
 */
export function eventText(event: GameEvent): EventText {
  const value = (index: number) => event.values[index] ?? '';
  switch (event.type) {
    case 'FlagSubmit':
      return { key: 'monitor.events.text.FlagSubmit', values: { challenge: value(2) } };
    case 'CheatDetected':
      return { key: 'monitor.events.text.CheatDetected', values: { challenge: value(0), source: value(2) } };
    case 'ContainerStart':
      return { key: 'monitor.events.text.ContainerStart', values: { challenge: value(0) } };
    case 'ContainerDestroy':
      return { key: 'monitor.events.text.ContainerDestroy', values: { challenge: value(0) } };
    case 'Normal':
      return { raw: event.values.join(' ') };
  }
}
