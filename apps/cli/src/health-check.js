// @ts-check
// A challenge's health check in a challenge file: the script ctfcli's `healthcheck` names (or
// flagpole.healthcheck.script), run in the image flagpole.healthcheck.image gives (docs/operations.md, "Health checks").
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ image: string, script: string, timeoutSeconds: number, intervalSeconds: number, enabled: boolean }} DesiredHealthCheck
 */

/** The defaults the server applies, so an unchanged check compares equal. */
export const HEALTH_DEFAULTS = { timeoutSeconds: 60, intervalSeconds: 300, enabled: true };

/**
 * The check the file asks for: an object, null to remove it (`flagpole.healthcheck: null`), or undefined when the
 * file does not say (the server's check is left as it is).
 * @param {import('./load.js').LoadedFile} loaded
 * @param {{ note: (field: string, message: string) => void, problem: (field: (string|number)[], message: string) => void }} c
 * @returns {DesiredHealthCheck | null | undefined}
 */
export function healthCheckOf(loaded, c) {
  const d = loaded.data;
  const block = d.flagpole?.healthcheck;
  if (block === null) return null;
  if (block === undefined) {
    if (d.healthcheck)
      c.note('healthcheck', 'runs only with flagpole.healthcheck.image (the image it runs in): skipped');
    return undefined;
  }
  const script = block.script ?? d.healthcheck;
  const field = block.script === undefined ? ['healthcheck'] : ['flagpole', 'healthcheck', 'script'];
  if (!script) {
    c.problem(['flagpole', 'healthcheck'], 'no script: set healthcheck (a path) or flagpole.healthcheck.script');
    return undefined;
  }
  const absolute = path.resolve(loaded.dir, script);
  if (!existsSync(absolute)) {
    c.problem(field, `file not found: ${path.join(loaded.dir, script)}`);
    return undefined;
  }
  return {
    image: block.image,
    script: readFileSync(absolute, 'utf8'),
    timeoutSeconds: block.timeout ?? HEALTH_DEFAULTS.timeoutSeconds,
    intervalSeconds: block.interval ?? HEALTH_DEFAULTS.intervalSeconds,
    enabled: block.enabled ?? HEALTH_DEFAULTS.enabled,
  };
}

/** A check as compared and sent: the same fields in the same order. @param {DesiredHealthCheck | null | undefined} check */
export const healthKey = (check) =>
  check
    ? JSON.stringify([check.image, check.script, check.timeoutSeconds, check.intervalSeconds, check.enabled])
    : 'none';

/**
 * The file fields of a check, for export: the script goes beside challenge.yml.
 * @param {DesiredHealthCheck} check
 * @returns {{ file: string, block: Record<string, unknown> }}
 */
export function healthCheckFields(check) {
  /** @type {Record<string, unknown>} */
  const block = { image: check.image };
  if (check.timeoutSeconds !== HEALTH_DEFAULTS.timeoutSeconds) block.timeout = check.timeoutSeconds;
  if (check.intervalSeconds !== HEALTH_DEFAULTS.intervalSeconds) block.interval = check.intervalSeconds;
  if (check.enabled !== HEALTH_DEFAULTS.enabled) block.enabled = check.enabled;
  return { file: 'healthcheck.sh', block };
}
