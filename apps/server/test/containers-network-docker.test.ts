import { execFileSync } from 'node:child_process';
import type { ContainerStartModel } from '@flagpole/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkGuardRules } from '../src/containers/docker-engine';
import { randomHex } from '../src/lib/crypto';
import {
  createContainerChallenge,
  createDockerContext,
  createRunningGame,
  eventually,
  liveInstanceId,
  type Neighbour,
  startNeighbour,
} from './container-fixtures';
import { execIn, removeOwnedObjects } from './container-image';
import { ok } from './game-fixtures';
import type { TestContext } from './harness';
import { createPlayer, type Player } from './play-fixtures';

/**
 * The first line each `host:port` answered to an HTTP request sent from inside the container ('' when none).
 * Run in parallel inside the container: each unanswered attempt waits for its timeout.
 */
async function answersFrom(container: string, targets: string[]): Promise<Record<string, string>> {
  const probe = (target: string) =>
    `(echo "${target}=$(printf 'GET /flag HTTP/1.0\\r\\n\\r\\n' | nc -w 2 ${target.replace(':', ' ')} | head -n 1)") &`;
  const { output } = await execIn(container, ['sh', '-c', `${targets.map(probe).join(' ')} wait`]);
  const answers: Record<string, string> = {};
  for (const line of output.split('\n')) {
    const match = /([0-9.]+:\d+)=(.*)$/.exec(line.trim());
    if (match?.[1]) answers[match[1]] = (match[2] ?? '').trim();
  }
  return answers;
}

describe('network guard of Docker instances (ports published on every host address)', () => {
  const owner = `test-${randomHex(4)}`;
  let ctx: TestContext;
  let neighbour: Neighbour;
  let gameId: number;
  let challengeId: number;
  let alice: Player;
  let bob: Player;

  async function start(player: Player): Promise<{ container: string; entry: string }> {
    const started = ok<ContainerStartModel>(await player.client.post(`/api/game/${gameId}/container/${challengeId}`));
    expect(started.status).toBe('Running');
    const id = await liveInstanceId(ctx.db, player.participationId, challengeId);
    return { container: `flagpole-${id}`, entry: started.entry };
  }

  beforeAll(async () => {
    neighbour = startNeighbour();
    ctx = await createDockerContext(owner, { CONTAINER_PUBLISH_ADDRESS: '0.0.0.0' });
    gameId = await createRunningGame(ctx);
    // Open: masqueraded to the outside, the mode where only the guard stands between an instance and a LAN.
    challengeId = await createContainerChallenge(ctx.db, gameId, { networkMode: 'Open' });
    alice = await createPlayer(ctx.app, ctx.db, gameId, 'alice');
    bob = await createPlayer(ctx.app, ctx.db, gameId, 'bobby');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await removeOwnedObjects(owner);
    neighbour?.remove();
  });

  it('has its rules in place: instances off the host, and off private, CGNAT and link-local networks', () => {
    for (const rule of networkGuardRules()) {
      expect(() => execFileSync('iptables', ['-w', '-C', ...rule], { stdio: 'ignore' })).not.toThrow();
    }
  });

  it('lets an Open instance reach public addresses but not private, CGNAT or link-local ones', async () => {
    const { container } = await start(alice);
    const at = (address: string) => `${address}:${neighbour.port}`;
    const { forbidden, allowed } = neighbour;
    const answers = await answersFrom(container, [allowed, ...Object.values(forbidden)].map(at));
    // Control: the same server, on the same route, answers on an address outside the forbidden ranges.
    expect(answers[at(allowed)]).toBe(neighbour.banner);
    expect(answers[at(forbidden.private)]).toBe('');
    expect(answers[at(forbidden.sharedAddressSpace)]).toBe('');
    expect(answers[at(forbidden.linkLocal)]).toBe('');
  }, 30_000);

  it("keeps another team's published port out of an instance's reach, while players reach it", async () => {
    const aliceContainer = `flagpole-${await liveInstanceId(ctx.db, alice.participationId, challengeId)}`;
    const bobInstance = await start(bob);
    const bobPort = Number(bobInstance.entry.split(':')[1]);
    // Published on every host address: players connect from anywhere (here the test, from the host).
    await eventually(async () => (await fetch(`http://127.0.0.1:${bobPort}/flag`).catch(() => null))?.ok === true);
    expect((await fetch(`http://${neighbour.hostAddress}:${bobPort}/flag`)).ok).toBe(true);
    // From Alice's instance, Bob's port on each of the host's addresses: the bridge gateway, docker0, and an
    // address outside the private ranges. Control: the same probe gets Alice's own service.
    const { output: route } = await execIn(aliceContainer, ['sh', '-c', "ip route | awk '/default/ {print $3}'"]);
    const viaHost = [route.trim(), '172.17.0.1', neighbour.hostAddress].map((address) => `${address}:${bobPort}`);
    const answers = await answersFrom(aliceContainer, ['127.0.0.1:8080', ...viaHost]);
    expect(answers['127.0.0.1:8080']).toMatch(/^HTTP\/1\.\d 200/);
    for (const target of viaHost) expect(answers[target]).toBe('');
  }, 30_000);
});
