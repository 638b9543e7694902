import type { ContainerPortMappingType } from '@flagpole/contract';

/** What the platform asks an engine to run: one instance of one challenge for one team (or an admin test). */
export interface InstanceSpec {
  /** Our instance id (a GUID); also the capability players copy in PlatformProxy mode. */
  instanceId: string;
  image: string;
  /** The port the challenge listens on inside the container. */
  exposePort: number;
  /** Memory limit in MiB. */
  memoryMb: number;
  /** CPU limit in tenths of a CPU (1 = 0.1 CPU), as the challenge editor stores it. */
  cpuTenths: number;
  /** Writable storage limit in MiB (0: no limit); enforced where the engine can. */
  storageMb: number;
  /** Environment of the instance: the flag variable for dynamic containers, and the ids. */
  env: Record<string, string>;
  /** Labels to find the instance again (platform, game, challenge, team, instance). */
  labels: Record<string, string>;
  /** Publish the port on the host (Default mapping) or keep it internal (PlatformProxy). */
  publish: boolean;
  /** Open: the instance may reach the internet; Isolated: no outgoing traffic at all. */
  egress: 'Open' | 'Isolated';
}

/** Where a started instance can be reached. */
export interface StartedInstance {
  /** The engine's own id (Docker container id, Kubernetes pod name). */
  engineId: string;
  /** Address the platform (proxy) reaches the instance on. */
  ip: string;
  port: number;
  /** Host port published for players in Default mapping; null when nothing is published. */
  publicPort: number | null;
}

/** One container engine: Docker or Kubernetes. Every call is idempotent where it can be. */
export interface ContainerEngine {
  readonly name: 'docker' | 'kubernetes';
  /** Starts an instance and returns once it is running; throws ContainerEngineError on failure. */
  start(spec: InstanceSpec): Promise<StartedInstance>;
  /** Removes an instance and everything made for it; an instance already gone counts as removed. */
  destroy(instanceId: string): Promise<void>;
  /** Ids of every instance carrying the platform's labels (containers and leftover networks). */
  list(): Promise<string[]>;
  /** Releases connections. */
  close(): Promise<void>;
}

export class ContainerEngineError extends Error {}

/**
 * Runs a removal and treats "not found" (as read from the engine's error by `statusOf`) as done: an object
 * already gone is what the removal wanted.
 */
export async function ignoreNotFound(action: Promise<unknown>, statusOf: (error: unknown) => number | undefined) {
  try {
    await action;
  } catch (error) {
    if (statusOf(error) !== 404) throw error;
  }
}

/** How the platform proxy finds an instance by the GUID a player presents. */
export interface InstanceTarget {
  /** Address of the instance as seen from the platform process. */
  host: string;
  port: number;
  challengeId: number;
  /** Null for an admin's test container. */
  teamId: number | null;
  gameId: number;
  /** Whether connections to this instance are to be recorded (challenge setting). */
  captureEnabled: boolean;
}

/**
 * Looks up a running instance by its GUID; null when unknown, destroyed or not yet running.
 * Built by the containers module; the platform proxy (and its capture) use it.
 */
export type InstanceDirectory = (instanceId: string) => Promise<InstanceTarget | null>;

export type PortMapping = ContainerPortMappingType;

/** Label keys put on every engine object, so the platform can find its own again. */
export const instanceLabels = {
  platform: 'flagpole.platform',
  instance: 'flagpole.instance',
  game: 'flagpole.game',
  challenge: 'flagpole.challenge',
  team: 'flagpole.team',
} as const;

/** Environment variables an instance receives. */
export const instanceEnv = {
  flag: 'FLAGPOLE_FLAG',
  teamId: 'FLAGPOLE_TEAM_ID',
  instanceId: 'FLAGPOLE_INSTANCE_ID',
} as const;
