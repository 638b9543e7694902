import type { ContainerPortMappingType, ContainerServiceState } from '@flagpole/contract';

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
  /**
   * A health check's instance: its check's own container must reach it (on Kubernetes a separate pod, let in
   * by the instance's network policy; on Docker the check shares the instance's network namespace anyway).
   */
  checkTarget?: boolean;
  /**
   * A multi-service challenge (docs/containers.md, "Several services"): the engine starts every service as one
   * unit on the instance's own private network, each reachable by its name from the others. Absent or empty: the
   * single image above. When present, `image` and `exposePort` repeat the primary entry (the first entry service and
   * its first port), which is what players reach and what `StartedInstance` describes.
   */
  services?: ServiceSpec[];
}

/** One service of a multi-service instance, with its environment resolved (the team's flag already put in). */
export interface ServiceSpec {
  /** A DNS label, unique in the instance: the other services reach this one by it. */
  name: string;
  image: string;
  /** Players reach it (published or proxied); false: only the instance's other services do. */
  entry: boolean;
  ports: number[];
  env: Record<string, string>;
  memoryMb: number;
  cpuTenths: number;
  pidsLimit: number;
  /** A read-only root filesystem (a small writable /tmp beside it). */
  readOnlyRoot: boolean;
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

/** An instance as the engine has it. */
export interface EngineInstance {
  instanceId: string;
  /** Its container (pod) runs; false for leftovers: a stopped container, a network or service without one. */
  running: boolean;
}

/** Merges what an engine found per object into one entry per instance (running if any object says so). */
export function mergeEngineInstances(found: Array<{ instanceId: string | undefined; running: boolean }>) {
  const merged = new Map<string, boolean>();
  for (const { instanceId, running } of found) {
    if (instanceId) merged.set(instanceId, running || (merged.get(instanceId) ?? false));
  }
  return [...merged].map(([instanceId, running]): EngineInstance => ({ instanceId, running }));
}

/** One container engine: Docker or Kubernetes. Every call is idempotent where it can be. */
export interface ContainerEngine {
  readonly name: 'docker' | 'kubernetes';
  /** Starts an instance and returns once it is running; throws ContainerEngineError on failure. */
  start(spec: InstanceSpec): Promise<StartedInstance>;
  /** Removes an instance and everything made for it; an instance already gone counts as removed. */
  destroy(instanceId: string): Promise<void>;
  /** Every instance carrying the platform's labels, including leftovers of half-removed ones. */
  list(): Promise<EngineInstance[]>;
  /**
   * Bytes each running instance has written to its own filesystem, by instance id, for the storage watchdog.
   * Absent when the engine caps storage itself (Kubernetes `ephemeral-storage`); an empty map when it
   * currently does (a Docker storage driver that honours the size option).
   */
  storageUsage?(): Promise<Map<string, number>>;
  /**
   * The services of a multi-service instance as the engine has them (state, exit code, end of the logs), in no
   * particular order; services without any object are left out. Empty for a single-image instance.
   */
  serviceStates?(instanceId: string): Promise<ContainerServiceState[]>;
  /** Runs a health check's solve script to its end or its time limit (absent: the engine cannot). */
  runCheck?(spec: CheckSpec): Promise<CheckResult>;
  /** The largest attachment the engine can put beside a check's script (unset: no limit of its own). */
  readonly checkFileBytes?: number;
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
  /** The service a container of a multi-service instance runs (its name). */
  service: 'flagpole.service',
  /** 'true' on the entry services of a multi-service instance. */
  serviceEntry: 'flagpole.service-entry',
} as const;

/**
 * Event-bus channel on which deleting a game, challenge or participation is announced (payload `{ gameId }`):
 * their instance rows went with them, so the containers module removes the engine instances left behind.
 */
export const INSTANCE_OWNERS_DELETED = 'containers:owners-deleted';

/**
 * Private, shared-address (CGNAT) and link-local ranges (the cloud metadata address included): instances may
 * never open connections to them, whatever their egress mode, so the platform's own networks stay out of reach.
 */
export const PRIVATE_RANGES = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '100.64.0.0/10'];

/** Environment variables an instance receives. */
export const instanceEnv = {
  flag: 'FLAGPOLE_FLAG',
  teamId: 'FLAGPOLE_TEAM_ID',
  instanceId: 'FLAGPOLE_INSTANCE_ID',
} as const;

/** A health check's solve script, run once in a container of its own (docs/operations.md, "Health checks"). */
export interface CheckSpec {
  /** A GUID naming the run's container. */
  checkId: string;
  image: string;
  script: string;
  /** Files put beside the script (the challenge's attachment), by file name. */
  files: Array<{ name: string; content: Buffer }>;
  env: Record<string, string>;
  /** The fresh instance the script attacks (Docker: on the loopback address; Kubernetes: its service), or null. */
  target: { instanceId: string; port: number } | null;
  /** Without a target: whether the script may reach the network (a remote attachment to download). */
  network: boolean;
  timeoutMs: number;
  labels: Record<string, string>;
}

export interface CheckResult {
  /** Null when it was stopped at the time limit. */
  exitCode: number | null;
  /** What the script printed (stdout and stderr, in order). */
  output: string;
  timedOut: boolean;
}

/** The folder a check's script and files are put in, and where it runs. */
export const CHECK_DIR = '/flagpole-check';

/** Environment variables a check's script receives. */
export const checkEnv = {
  target: 'FLAGPOLE_TARGET',
  host: 'FLAGPOLE_TARGET_HOST',
  port: 'FLAGPOLE_TARGET_PORT',
  attachment: 'FLAGPOLE_ATTACHMENT',
  attachmentUrl: 'FLAGPOLE_ATTACHMENT_URL',
} as const;
