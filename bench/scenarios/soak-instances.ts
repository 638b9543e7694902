/**
 * Container instances at the soak event, when a Docker daemon is there: signed-in players start their team's
 * instance of the event's one container challenge at a steady pace (`POST /api/game/{id}/container/{cId}`), read its
 * address through the port the engine published, and either destroy it themselves after a while (a third of them) or
 * leave it to expire (the policy's lifetime is one minute, the reaper runs every few seconds). At the end the daemon is
 * asked which of the platform's containers are still there: only instances still within their lifetime may be.
 */
import { connect } from 'node:net';
import { containersWithLabel } from '../../e2e/src/challenge-image';
import type { Population, SoakPlayer } from './soak-population';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface InstanceCounts {
  startsAsked: number;
  started: number;
  /** Start answers other than 200, by status. */
  refused: Map<number, number>;
  /** Instances whose published port answered with the team's flag. */
  reached: number;
  unreachable: number;
  destroyed: number;
  /** Destroys that failed, by status (0: the player had signed out meanwhile, or no answer). */
  destroyFailures: Map<number, number>;
  /** Platform containers the daemon still held at the end, and right after the last lifetime had passed. */
  leftAtEnd: number;
  leftAfterExpiry: number;
  /** Slowest start (POST to answer), ms. */
  slowestStartMs: number;
}

/** How many of the platform's containers are running, found by the label every engine object carries. */
async function platformContainers(): Promise<number> {
  return (await containersWithLabel('flagpole.instance')).length;
}

/** The first line a TCP connection to host:port gets, or null within 3 s. */
function firstLine(entry: string): Promise<string | null> {
  const at = entry.lastIndexOf(':');
  return new Promise((resolve) => {
    const socket = connect({ host: entry.slice(0, at), port: Number(entry.slice(at + 1)) });
    let text = '';
    const done = (value: string | null) => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(3000, () => done(null));
    socket.on('data', (chunk) => {
      text += chunk.toString();
      if (text.includes('\n')) done(text.split('\n')[0] ?? '');
    });
    socket.on('error', () => done(null));
    socket.on('end', () => done(text || null));
  });
}

export class SoakInstances {
  readonly counts: InstanceCounts = {
    startsAsked: 0,
    started: 0,
    refused: new Map(),
    reached: 0,
    unreachable: 0,
    destroyed: 0,
    destroyFailures: new Map(),
    leftAtEnd: 0,
    leftAfterExpiry: 0,
    slowestStartMs: 0,
  };

  constructor(
    private readonly base: string,
    private readonly gameId: number,
    private readonly challengeId: number,
    private readonly population: Population,
    private readonly random: () => number,
  ) {}

  private async call(player: SoakPlayer, method: 'POST' | 'DELETE', path: string) {
    const session = player.session;
    if (!session) return null;
    const response = await fetch(`${this.base}${path}`, { method, headers: session.headers });
    return { status: response.status, body: await response.text() };
  }

  /** One start every `everyMs` until `until`; each started instance is looked at, and a third destroyed later. */
  async drive(everyMs: number, until: number): Promise<void> {
    const path = `/api/game/${this.gameId}/container/${this.challengeId}`;
    const pending = new Set<Promise<void>>();
    while (Date.now() < until) {
      const player = this.population.pick(this.random);
      if (player?.session) {
        const work = this.startOne(player, path).catch(() => {
          this.counts.refused.set(0, (this.counts.refused.get(0) ?? 0) + 1);
        });
        pending.add(work);
        void work.finally(() => pending.delete(work));
      }
      await sleep(everyMs);
    }
    await Promise.all([...pending]);
    this.counts.leftAtEnd = await platformContainers();
  }

  private async startOne(player: SoakPlayer, path: string): Promise<void> {
    this.counts.startsAsked += 1;
    player.busy += 1;
    try {
      const began = performance.now();
      const answer = await this.call(player, 'POST', path);
      this.counts.slowestStartMs = Math.max(this.counts.slowestStartMs, performance.now() - began);
      if (!answer) return;
      if (answer.status !== 200) {
        this.counts.refused.set(answer.status, (this.counts.refused.get(answer.status) ?? 0) + 1);
        return;
      }
      this.counts.started += 1;
      const entry = (JSON.parse(answer.body) as { entry?: string }).entry ?? '';
      const line = entry.includes(':') ? await firstLine(entry) : null;
      if (line?.startsWith('flag{')) this.counts.reached += 1;
      else this.counts.unreachable += 1;
    } finally {
      player.busy -= 1;
    }
    if (this.random() < 1 / 3) {
      // A player done with the instance removes it; the cool-down between two operations is 10 s.
      await sleep(11_000 + this.random() * 20_000);
      player.busy += 1;
      try {
        const answer = await this.call(player, 'DELETE', path);
        if (answer?.status === 200) this.counts.destroyed += 1;
        else this.failedDestroy(answer?.status ?? 0);
      } catch {
        this.failedDestroy(0);
      } finally {
        player.busy -= 1;
      }
    }
  }

  private failedDestroy(status: number) {
    this.counts.destroyFailures.set(status, (this.counts.destroyFailures.get(status) ?? 0) + 1);
  }

  /** After the last instance's lifetime and a few reaper rounds: what the daemon still holds. */
  async afterExpiry(lifetimeMs: number, reapMs: number): Promise<void> {
    await sleep(lifetimeMs + 3 * reapMs);
    this.counts.leftAfterExpiry = await platformContainers();
  }
}
