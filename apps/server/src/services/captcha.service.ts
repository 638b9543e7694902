import { createHash } from 'node:crypto';
import type { CaptchaProvider, ClientCaptchaInfoModel, HashPowChallenge } from '@flagpole/contract';
import type { FastifyBaseLogger } from 'fastify';
import { type CachedBody, cachedBody } from '../http/cached-response';
import { badRequest, notFound } from '../http/errors';
import { randomHex, sha256Hex } from '../lib/crypto';
import type { KeyValueStore } from '../lib/kv-store';
import type { Settings, SettingsService } from './settings.service';

const POW_TTL_MS = 5 * 60_000;
const POW_ANSWER = /^([0-9a-f]{12}):([0-9a-f]{16})$/;

export interface CaptchaConfig {
  CAPTCHA_PROVIDER: CaptchaProvider;
  CAPTCHA_SITE_KEY?: string | undefined;
  CAPTCHA_SECRET_KEY?: string | undefined;
  TURNSTILE_VERIFY_URL: string;
  POW_DIFFICULTY: number;
}

/** Number of leading zero bits of a digest. */
export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** The provider that can actually work with this configuration: Turnstile without both keys cannot. */
export function effectiveCaptchaProvider(config: CaptchaConfig): CaptchaProvider {
  const provider = config.CAPTCHA_PROVIDER;
  if (provider === 'CloudflareTurnstile' && (!config.CAPTCHA_SITE_KEY || !config.CAPTCHA_SECRET_KEY)) return 'None';
  return provider;
}

/**
 * The captcha protecting register, login and recovery while `accountPolicy.useCaptcha` is on:
 * a self-hosted proof of work (HashPow) or Cloudflare Turnstile.
 */
export function createCaptchaService(deps: {
  config: CaptchaConfig;
  settings: SettingsService;
  store: KeyValueStore;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
}) {
  const { config } = deps;
  const doFetch = deps.fetch ?? fetch;
  const provider = effectiveCaptchaProvider(config);
  if (provider !== config.CAPTCHA_PROVIDER) {
    // Without both keys the widget cannot work; failing open or locking everyone out are both wrong.
    deps.log.warn('CAPTCHA_PROVIDER is CloudflareTurnstile but a key is missing: captcha is disabled');
  }

  const isActive = (settings: Settings) => provider !== 'None' && settings.accountPolicy.useCaptcha;

  let cached: CachedBody | undefined;
  const build = (settings: Settings) => {
    const info: ClientCaptchaInfoModel = isActive(settings)
      ? { type: provider, siteKey: provider === 'CloudflareTurnstile' ? (config.CAPTCHA_SITE_KEY ?? '') : '' }
      : { type: 'None', siteKey: '' };
    cached = cachedBody(info, `cap-${sha256Hex(JSON.stringify(info)).slice(0, 16)}`, settings.updatedAt);
  };
  deps.settings.onChange(build);

  async function verifyPow(answer: string): Promise<boolean> {
    const match = POW_ANSWER.exec(answer.trim().toLowerCase());
    if (!match?.[1] || !match[2]) return false;
    const key = `pow:${match[1]}`;
    const challenge = await deps.store.get(key);
    if (!challenge) return false;
    const digest = createHash('sha256')
      .update(Buffer.from(challenge, 'hex'))
      .update(Buffer.from(match[2], 'hex'))
      .digest();
    if (leadingZeroBits(digest) < config.POW_DIFFICULTY) return false;
    // Single use: only the request that removes the challenge passes.
    return deps.store.take(key);
  }

  async function verifyTurnstile(response: string, remoteIp: string): Promise<boolean> {
    try {
      const reply = await doFetch(config.TURNSTILE_VERIFY_URL, {
        method: 'POST',
        body: new URLSearchParams({ secret: config.CAPTCHA_SECRET_KEY ?? '', response, remoteip: remoteIp }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!reply.ok) return false;
      const body: unknown = await reply.json();
      return typeof body === 'object' && body !== null && 'success' in body && body.success === true;
    } catch (error) {
      deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'captcha verification failed');
      return false;
    }
  }

  return {
    info(): CachedBody {
      if (!cached) build(deps.settings.get());
      return cached as CachedBody;
    },

    /** A new proof-of-work challenge; 404 unless the provider is HashPow. */
    async powChallenge(): Promise<HashPowChallenge> {
      if (provider !== 'HashPow') throw notFound();
      const id = randomHex(6);
      const challenge = randomHex(8);
      await deps.store.set(`pow:${id}`, challenge, POW_TTL_MS);
      return { id, challenge, difficulty: config.POW_DIFFICULTY };
    },

    /** Throws 400 unless the answer passes (or no captcha is in force). */
    async ensureSolved(answer: string | null | undefined, remoteIp: string): Promise<void> {
      if (!isActive(deps.settings.get())) return;
      const ok =
        typeof answer === 'string' &&
        answer.length > 0 &&
        (provider === 'HashPow' ? await verifyPow(answer) : await verifyTurnstile(answer, remoteIp));
      if (!ok) throw badRequest('error.captchaFailed');
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;
