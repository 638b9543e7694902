import { AnswerResult, EventType, TaskStatus } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { ANSWER_COLORS, EVENT_COLORS, TASK_STATUS_COLORS, taskStatusColor } from './status-colors';

describe('status colours', () => {
  it('gives every submission and log status its colour from the spec', () => {
    expect(TASK_STATUS_COLORS).toEqual({
      Success: 'green',
      Failed: 'red',
      Pending: 'yellow',
      Denied: 'alert',
      Exit: 'gray',
      NotFound: 'violet',
      Duplicate: 'lime',
      Unhealthy: 'orange',
      Degraded: 'orange',
    });
    expect(Object.keys(TASK_STATUS_COLORS).sort()).toEqual([...TaskStatus.options].sort());
  });

  it('shows a missing status in gray', () => {
    expect(taskStatusColor(null)).toBe('gray');
    expect(taskStatusColor('Denied')).toBe('alert');
  });

  it('colours every verdict, a cheat in the alert palette', () => {
    expect(ANSWER_COLORS).toEqual({
      Accepted: 'green',
      WrongAnswer: 'red',
      FlagSubmitted: 'yellow',
      CheatDetected: 'alert',
      NotFound: 'violet',
    });
    expect(Object.keys(ANSWER_COLORS).sort()).toEqual([...AnswerResult.options].sort());
  });

  it('colours every event type', () => {
    expect(EVENT_COLORS).toEqual({
      Normal: 'blue',
      FlagSubmit: 'teal',
      CheatDetected: 'alert',
      ContainerStart: 'cyan',
      ContainerDestroy: 'indigo',
    });
    expect(Object.keys(EVENT_COLORS).sort()).toEqual([...EventType.options].sort());
  });
});
