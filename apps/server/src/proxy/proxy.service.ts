import { connect, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { InstanceDirectory, InstanceTarget } from '../containers/types';
import { AppError, badRequest, notFound } from '../http/errors';
import { bridge } from './bridge';
import type { CaptureStore } from './capture-store';
import type { ConnectionLimits } from './connection-limits';
import type { PcapRecorder } from './pcap-recorder';

/** `instance`: a team's instance (`/api/proxy/{id}`); `test`: an admin's test container (`/noinst/{id}`). */
export type ProxyRoute = 'instance' | 'test';

export interface ProxyOptions {
  /** Traffic capture switched on for the platform (a challenge must also ask for it). */
  captureEnabled: boolean;
  perInstance: number;
  perAddress: number;
  idleMs: number;
  maxSessionMs: number;
  connectTimeoutMs: number;
  /** Bytes queued towards a websocket client beyond which the instance is no longer read. */
  highWaterBytes: number;
}

export interface ProxyClient {
  address: string;
  port: number;
}

/** A TCP connection opened to the instance before the websocket upgrade, waiting to be bridged. */
export interface PendingSession {
  attach(ws: WebSocket): void;
  /** Undoes the preparation when the upgrade never happens. */
  abandon(): void;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function openTcp(host: string, port: number, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, noDelay: true });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error('connect timeout')));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.off('error', fail);
      resolve(socket);
    });
  });
}

/**
 * The platform proxy: finds the instance a GUID names, enforces the connection caps, opens the TCP connection
 * before the websocket upgrade (so an unreachable instance is a plain 418), then bridges the two and records the
 * session when the challenge captures traffic. Sessions of an instance end when it is destroyed.
 */
export function createProxyService(deps: {
  directory: InstanceDirectory;
  /** Whether the platform runs in PlatformProxy mode (a runtime setting). */
  proxyMode: () => boolean;
  limits: ConnectionLimits;
  captures: CaptureStore;
  /** The participation of a team in a game; capture folders are per participation. */
  participationOf: (gameId: number, teamId: number) => Promise<number | null>;
  options: ProxyOptions;
  log: FastifyBaseLogger;
}) {
  const { options, log } = deps;
  const sessions = new Map<string, Set<() => void>>();

  /** The target the GUID names on this route, or the 400/404 a caller gets. */
  async function resolve(route: ProxyRoute, id: string): Promise<InstanceTarget> {
    if (!deps.proxyMode()) throw badRequest('proxy.notEnabled');
    if (!GUID.test(id)) throw notFound('proxy.instanceNotFound');
    const target = await deps.directory(id.toLowerCase());
    // Each route reaches only its own kind, so a test container's id opens nothing on the players' route.
    const isTest = target?.teamId === null;
    if (!target || isTest !== (route === 'test')) throw notFound('proxy.instanceNotFound');
    return target;
  }

  async function openRecorder(
    id: string,
    target: InstanceTarget,
    client: ProxyClient,
    tcp: Socket,
  ): Promise<PcapRecorder | null> {
    if (!options.captureEnabled || !target.captureEnabled || target.teamId === null) return null;
    const participationId = await deps.participationOf(target.gameId, target.teamId);
    if (participationId === null) return null;
    try {
      return await deps.captures.open({
        challengeId: target.challengeId,
        participationId,
        instanceId: id,
        client,
        server: { address: tcp.remoteAddress ?? target.host, port: tcp.remotePort ?? target.port },
      });
    } catch (error) {
      // A full disk must not cut players off the instance; the session goes unrecorded and the log says so.
      log.error({ err: error, challengeId: target.challengeId }, 'proxy: capture file could not be opened');
      return null;
    }
  }

  function track(id: string, stop: () => void): () => void {
    let set = sessions.get(id);
    if (!set) {
      set = new Set();
      sessions.set(id, set);
    }
    set.add(stop);
    const owner = set;
    return () => {
      owner.delete(stop);
      if (owner.size === 0 && sessions.get(id) === owner) sessions.delete(id);
    };
  }

  return {
    /** A plain request: succeeds (204) when the GUID names a live instance on this route. */
    async probe(route: ProxyRoute, id: string): Promise<void> {
      await resolve(route, id);
    },

    /** Everything that can be refused with a status, done before the upgrade. */
    async prepare(route: ProxyRoute, id: string, client: ProxyClient): Promise<PendingSession> {
      const target = await resolve(route, id);
      const instanceId = id.toLowerCase();
      const slot = deps.limits.acquire(instanceId, client.address);
      if ('refused' in slot) {
        if (slot.refused === 'instance') throw badRequest('proxy.instanceFull', { max: options.perInstance });
        throw new AppError(429, 'proxy.addressFull', { max: options.perAddress });
      }
      let tcp: Socket;
      try {
        tcp = await openTcp(target.host, target.port, options.connectTimeoutMs);
      } catch (error) {
        slot.release();
        log.info({ err: error, instanceId }, 'proxy: instance unreachable');
        throw new AppError(418, 'proxy.instanceUnreachable');
      }
      // Errors before the bridge takes over must not crash the process.
      const early = () => undefined;
      tcp.on('error', early);
      let recorder: PcapRecorder | null;
      try {
        recorder = await openRecorder(instanceId, target, client, tcp);
      } catch (error) {
        tcp.destroy();
        slot.release();
        throw error;
      }
      let settled = false;
      return {
        attach(ws) {
          if (settled) return;
          settled = true;
          tcp.off('error', early);
          let untrack: () => void = () => undefined;
          const stop = bridge(ws, tcp, {
            idleMs: options.idleMs,
            maxSessionMs: options.maxSessionMs,
            highWaterBytes: options.highWaterBytes,
            recorder,
            onClose: (summary) => {
              slot.release();
              untrack();
              log.info({ instanceId, ...summary }, 'proxy: session closed');
            },
          });
          untrack = track(instanceId, stop);
        },
        abandon() {
          if (settled) return;
          settled = true;
          tcp.destroy();
          slot.release();
          void recorder?.close(true).catch(() => undefined);
        },
      };
    },

    /** Ends every session of an instance in this process (it was destroyed). */
    closeInstance(id: string): number {
      const stops = [...(sessions.get(id.toLowerCase()) ?? [])];
      for (const stop of stops) stop();
      return stops.length;
    },

    /** Open sessions in this process (all instances). */
    openSessions(): number {
      let count = 0;
      for (const set of sessions.values()) count += set.size;
      return count;
    },

    closeAll(): void {
      for (const set of [...sessions.values()]) for (const stop of [...set]) stop();
    },
  };
}
export type ProxyService = ReturnType<typeof createProxyService>;
