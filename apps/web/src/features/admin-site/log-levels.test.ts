import type { LogLevel, LogMessageModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { levelColor, mergeLogs, prependLog } from './log-levels';

const entry = (time: number, level: LogLevel = 'Information', msg = `m${time}`): LogMessageModel => ({
  time,
  level,
  msg,
  name: 'admin',
  ip: '127.0.0.1',
  status: null,
});

describe('log levels', () => {
  it('colours levels whichever spelling the logger used', () => {
    expect(levelColor('Information')).toBe('blue');
    expect(levelColor('info')).toBe('blue');
    expect(levelColor('Warning')).toBe('yellow');
    expect(levelColor('warn')).toBe('yellow');
    expect(levelColor('Error')).toBe('red');
    expect(levelColor('Critical')).toBe('grape');
    expect(levelColor(null)).toBe('gray');
    expect(levelColor('unheard-of')).toBe('gray');
  });

  it('puts pushed entries on top and keeps a bounded number', () => {
    let list: LogMessageModel[] = [];
    for (let time = 1; time <= 5; time++) list = prependLog(list, entry(time), 3);
    expect(list.map((item) => item.time)).toEqual([5, 4, 3]);
  });

  it('merges live entries with the stored page without duplicates, newest first', () => {
    const stored = [entry(3), entry(2), entry(1)];
    const live = [entry(5), entry(4), entry(3)];
    expect(mergeLogs(live, stored).map((item) => item.time)).toEqual([5, 4, 3, 2, 1]);
  });
});
