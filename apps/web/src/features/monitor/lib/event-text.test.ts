import type { GameEvent } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { eventText } from './event-text';

const event = (type: GameEvent['type'], values: string[]): GameEvent => ({
  time: 1,
  user: 'u',
  team: 't',
  type,
  values,
});

describe('eventText', () => {
  it('names the challenge of a flag submission', () => {
    expect(eventText(event('FlagSubmit', ['Accepted', 'flag{x}', 'Warmup', '3']))).toEqual({
      key: 'monitor.events.text.FlagSubmit',
      values: { challenge: 'Warmup' },
    });
  });

  it('names the challenge and the team whose flag was copied', () => {
    expect(eventText(event('CheatDetected', ['Twins', 'Blue', 'Red']))).toEqual({
      key: 'monitor.events.text.CheatDetected',
      values: { challenge: 'Twins', source: 'Red' },
    });
  });

  it('reads missing values as empty text', () => {
    expect(eventText(event('ContainerStart', []))).toEqual({
      key: 'monitor.events.text.ContainerStart',
      values: { challenge: '' },
    });
  });

  it('shows a plain event as it was written', () => {
    expect(eventText(event('Normal', ['Game', 'paused']))).toEqual({ raw: 'Game paused' });
  });
});
