import { z } from 'zod';

/**
 * The services of a multi-service container challenge (Flagpole's own fields; docs/containers.md, "Several
 * services"). A challenge without services runs its single image as before. Entries are what players reach
 * (published ports or the platform proxy); the other services are reachable only inside the team's instance,
 * by their name, so names must be DNS labels.
 */
export const containerServiceLimits = {
  services: 8,
  ports: 8,
  env: 32,
  envValue: 4096,
  pids: { min: 16, max: 4096, default: 256 },
} as const;

const serviceName = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-z](?:[a-z0-9-]*[a-z0-9])?$/, 'a lower-case DNS label (letters, digits, inner hyphens)');

export const ContainerServiceEnv = z.object({
  name: z
    .string()
    .min(1)
    .max(128)
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'),
  value: z.string().max(containerServiceLimits.envValue),
});
export type ContainerServiceEnv = z.infer<typeof ContainerServiceEnv>;

export const ContainerService = z
  .object({
    name: serviceName,
    image: z.string().trim().min(1).max(512),
    /** Reachable by players (published ports or the proxy); false: only from the instance's other services. */
    entry: z.boolean().default(false),
    ports: z.array(z.number().int().min(1).max(65_535)).max(containerServiceLimits.ports).default([]),
    env: z.array(ContainerServiceEnv).max(containerServiceLimits.env).default([]),
    /** MiB, as the challenge's own memory limit. */
    memoryLimit: z.number().int().min(32).max(1_048_576).default(64),
    /** Tenths of a CPU, as the challenge's own CPU count. */
    cpuCount: z.number().int().min(1).max(1024).default(1),
    pidsLimit: z
      .number()
      .int()
      .min(containerServiceLimits.pids.min)
      .max(containerServiceLimits.pids.max)
      .default(containerServiceLimits.pids.default),
    /** The service receives the team's flag in its environment (GZCTF_FLAG), as a single image does. */
    dynamicFlag: z.boolean().default(false),
    /** Its root filesystem is read-only (it writes only to a small /tmp), for services that need no writes. */
    readOnlyRoot: z.boolean().default(false),
  })
  .refine((s) => new Set(s.ports).size === s.ports.length, { message: 'ports repeat', path: ['ports'] })
  .refine((s) => new Set(s.env.map((e) => e.name)).size === s.env.length, {
    message: 'environment names repeat',
    path: ['env'],
  })
  .refine((s) => !s.entry || s.ports.length > 0, { message: 'an entry needs a port', path: ['ports'] });
export type ContainerService = z.infer<typeof ContainerService>;
/** What a client sends (defaults may be left out). */
export type ContainerServiceInput = z.input<typeof ContainerService>;

/** A challenge's services: empty means a single-image challenge; otherwise unique names and at least one entry. */
export const ContainerServices = z
  .array(ContainerService)
  .max(containerServiceLimits.services)
  .refine((list) => new Set(list.map((s) => s.name)).size === list.length, { message: 'service names repeat' })
  .refine((list) => list.length === 0 || list.some((s) => s.entry), { message: 'at least one service is an entry' });
export type ContainerServices = z.infer<typeof ContainerServices>;

/**
 * One service of an admin's test instance as the engine has it (Flagpole's own route
 * `GET /api/edit/games/{id}/challenges/{cId}/container/services`): its state and the end of its logs, so an
 * organiser sees which service of the group failed and why.
 */
export const ContainerServiceState = z.object({
  name: z.string(),
  entry: z.boolean(),
  /** Running; Exited (stopped, see exitCode); Missing (no container: never started or removed). */
  state: z.enum(['Running', 'Exited', 'Missing']),
  exitCode: z.number().int().nullable(),
  /** The last lines the service printed (stdout and stderr), at most 8 KiB. */
  logs: z.string(),
});
export type ContainerServiceState = z.infer<typeof ContainerServiceState>;
