import { randomUUID } from 'node:crypto';
import type { HealthRunOutcome } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import { generateDynamicFlag } from '../containers/dynamic-flag';
import { CHECK_DIR, type CheckSpec, type ContainerEngine, checkEnv, instanceLabels } from '../containers/types';
import { AppError } from '../http/errors';
import { translate } from '../i18n/messages';
import type { Clock } from '../lib/clock';
import { buildMatcher, matchesFlag } from '../services/flag-match';
import type { ChallengeMaterial, HealthCheckRow, HealthRepository } from './health.repository';
import { CLAIM_MARGIN_MS, judgeRun, keptOutput } from './health-rules';

/** Attachments larger than this are not copied in; the script gets their address only where there is one. */
const MAX_ATTACHMENT_BYTES = 64 * 1024 * 1024;
const isContainerType = (type: string) => type === 'StaticContainer' || type === 'DynamicContainer';

/** What the runner needs of the containers module: a fresh instance per run, removed afterwards. */
export interface HealthInstances {
  startHealthInstance(
    gameId: number,
    challengeId: number,
    options: { flag: string | null; lifetimeMs: number },
  ): Promise<{ instanceId: string; port: number }>;
  destroyHealthInstance(instanceId: string): Promise<void>;
}

export interface RunResult {
  outcome: HealthRunOutcome;
  exitCode: number | null;
  output: string;
  startedAt: Date;
  durationMs: number;
}

/**
 * Runs one check: a fresh instance for container challenges (with a flag made for this run only, so nothing a
 * team holds can pass it), the attachment copied in, the script in its own container, the instance removed.
 */
export function createHealthRunner(deps: {
  engine: ContainerEngine;
  instances: HealthInstances;
  repository: HealthRepository;
  /** The stored file of a local attachment, or null when it is missing or too large. */
  readFile: (hash: string, maxBytes: number) => Promise<Buffer | null>;
  owner: string;
  publicUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
}) {
  const { clock } = deps;

  async function attachmentOf(material: ChallengeMaterial): Promise<{ files: CheckSpec['files']; url: string | null }> {
    const attachment = material.attachment;
    if (!attachment) return { files: [], url: null };
    if (attachment.type === 'Remote') return { files: [], url: attachment.remote_url };
    const hash = attachment.file_hash;
    if (!hash) return { files: [], url: null };
    const name = material.file_name ?? attachment.file_name ?? 'attachment';
    // An attachment the engine cannot carry in (Kubernetes: over a ConfigMap's size) is reached by its address.
    const content = await deps.readFile(hash, Math.min(MAX_ATTACHMENT_BYTES, deps.engine.checkFileBytes ?? Infinity));
    const url = new URL(`/assets/${hash}/${encodeURIComponent(name)}`, deps.publicUrl).toString();
    return { files: content ? [{ name, content }] : [], url };
  }

  async function execute(check: HealthCheckRow, material: ChallengeMaterial): Promise<Omit<RunResult, 'startedAt'>> {
    const started = Date.now();
    const container = isContainerType(material.type);
    const flag =
      material.type === 'DynamicContainer'
        ? generateDynamicFlag(material.flag_template, { challengeId: material.id, participationId: 0 })
        : null;
    const matcher = buildMatcher(flag ? [{ flag, matchType: 'Exact' }] : material.flags);
    let instance: { instanceId: string; port: number } | undefined;
    try {
      if (container) {
        instance = await deps.instances.startHealthInstance(check.game_id, check.challenge_id, {
          flag,
          lifetimeMs: check.timeout_seconds * 1000 + CLAIM_MARGIN_MS,
        });
      }
      const { files, url } = await attachmentOf(material);
      const env: Record<string, string> = {};
      if (files[0]) env[checkEnv.attachment] = `${CHECK_DIR}/${files[0].name}`;
      if (url) env[checkEnv.attachmentUrl] = url;
      const result = await runScript(check, { files, env, instance, network: !instance && !files[0] && url !== null });
      const outcome = judgeRun(result, (line) => matchesFlag(line, matcher));
      return {
        outcome,
        exitCode: result.exitCode,
        output: keptOutput(result.output),
        durationMs: Date.now() - started,
      };
    } finally {
      if (instance) {
        await deps.instances
          .destroyHealthInstance(instance.instanceId)
          .catch((error) => deps.log.warn({ err: error }, 'health check: instance removal failed'));
      }
    }
  }

  function runScript(
    check: HealthCheckRow,
    input: {
      files: CheckSpec['files'];
      env: Record<string, string>;
      instance?: { instanceId: string; port: number };
      network: boolean;
    },
  ) {
    if (!deps.engine.runCheck) throw new Error('the container engine cannot run health checks');
    return deps.engine.runCheck({
      checkId: randomUUID(),
      image: check.image,
      script: check.script,
      files: input.files,
      env: input.env,
      target: input.instance ?? null,
      network: input.network,
      timeoutMs: check.timeout_seconds * 1000,
      labels: {
        [instanceLabels.platform]: deps.owner,
        [instanceLabels.game]: String(check.game_id),
        [instanceLabels.challenge]: String(check.challenge_id),
        'flagpole.check': 'true',
      },
    });
  }

  return {
    /** Runs the check; never throws: a run that could not happen is an `Error` outcome saying why. */
    async run(check: HealthCheckRow): Promise<RunResult> {
      const startedAt = clock.now();
      const started = Date.now();
      try {
        const material = await deps.repository.material(check.challenge_id);
        if (!material) throw new Error('the challenge is gone');
        return { ...(await execute(check, material)), startedAt };
      } catch (error) {
        const reason =
          error instanceof AppError ? translate('en-US', error.messageKey, error.params) : (error as Error).message;
        return {
          outcome: 'Error',
          exitCode: null,
          output: keptOutput(String(reason)),
          startedAt,
          durationMs: Date.now() - started,
        };
      }
    },
  };
}
export type HealthRunner = ReturnType<typeof createHealthRunner>;
