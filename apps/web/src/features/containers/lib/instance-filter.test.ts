import type { ContainerInstanceModel } from '@flagpole/contract';
import { describe, expect, it } from 'vitest';
import { filterInstances } from './instance-filter';

function instance(guid: string, team: string | null, challenge: string, gameId: number, expectStopAt: number) {
  return {
    team: team === null ? null : { id: 1, name: team, avatar: null },
    challenge: { id: 2, title: challenge, category: 'Web', type: 'DynamicContainer' },
    gameId,
    image: `flagpole/${challenge.toLowerCase().replace(' ', '-')}:1`,
    containerGuid: guid,
    containerId: 'abc',
    status: 'Running',
    startedAt: 0,
    expectStopAt,
    ip: '172.17.0.2',
    port: 7000,
    entry: '127.0.0.1:32768',
  } as ContainerInstanceModel;
}

const all = [
  instance('00000000-0000-4000-8000-000000000001', 'Red Team', 'Echo', 1, 300),
  instance('00000000-0000-4000-8000-000000000002', 'Blue', 'Login Portal', 2, 100),
  instance('00000000-0000-4000-8000-000000000003', null, 'Echo', 1, 200),
];

describe('filtering instances', () => {
  it('lists everything soonest-to-stop first without a filter', () => {
    expect(filterInstances(all, { text: '', gameId: null }).map((item) => item.expectStopAt)).toEqual([100, 200, 300]);
  });

  it('matches team, challenge or GUID text case-insensitively, and the game', () => {
    expect(filterInstances(all, { text: 'red', gameId: null })).toHaveLength(1);
    expect(filterInstances(all, { text: 'ECHO', gameId: null })).toHaveLength(2);
    expect(filterInstances(all, { text: 'login-portal', gameId: null })).toHaveLength(1);
    expect(filterInstances(all, { text: '0002', gameId: null })[0]?.team?.name).toBe('Blue');
    expect(filterInstances(all, { text: 'echo', gameId: 2 })).toHaveLength(0);
    expect(filterInstances(all, { text: '', gameId: 1 })).toHaveLength(2);
  });
});
