import { z } from 'zod';
import { CaptchaProvider, ContainerPortMappingType } from '../enums';
import { Timestamp } from './common';

/** Flagpole: the single sign-on providers: an OpenID Connect provider, and CTFtime's OAuth. */
export const SignInProvider = z.enum(['oidc', 'ctftime']);
export type SignInProvider = z.infer<typeof SignInProvider>;

export const ClientConfig = z.object({
  title: z.string(),
  slogan: z.string(),
  footerInfo: z.string().nullable(),
  /** Flagpole: the organiser's text (Markdown) for the About page; null when none is set. */
  aboutText: z.string().nullable(),
  /**
   * Flagpole: whether players change their e-mail address themselves through a mailed link (mail is set up
   * and addresses are confirmed); otherwise an administrator changes it for them.
   */
  emailChangeByLink: z.boolean(),
  /**
   * Flagpole: whether the server can send mail (SMTP is configured): without it nothing offers password
   * recovery or anything else that needs a mailed link.
   */
  mailEnabled: z.boolean(),
  /** Flagpole: whether a container engine is configured; without one container challenges cannot be played. */
  containersEnabled: z.boolean(),
  /** Flagpole: whether a captcha provider is configured that can work; without one the captcha switch does nothing. */
  captchaEnabled: z.boolean(),
  customTheme: z.string().nullable(),
  apiPublicKey: z.string().nullable(),
  logoUrl: z.string().nullable(),
  portMapping: ContainerPortMappingType,
  /** Minutes. */
  defaultLifetime: z.number().int(),
  /** Minutes. */
  extensionDuration: z.number().int(),
  /** Minutes before expiry during which an instance may be extended. */
  renewalWindow: z.number().int(),
  /**
   * Flagpole: the single sign-on providers the server is configured for (docs/integrations.md), in the order the
   * sign-in page shows their buttons; `name` is the button's label.
   */
  signInProviders: z.array(z.object({ id: SignInProvider, name: z.string() })),
  /** Flagpole: false when OIDC_ONLY is set: password registration and sign-in are refused and hidden. */
  passwordSignIn: z.boolean(),
});
export type ClientConfig = z.infer<typeof ClientConfig>;

export const ClientCaptchaInfoModel = z.object({ type: CaptchaProvider, siteKey: z.string() });
export type ClientCaptchaInfoModel = z.infer<typeof ClientCaptchaInfoModel>;

export const HashPowChallenge = z.object({
  id: z.string(),
  challenge: z.string(),
  difficulty: z.number().int(),
});
export type HashPowChallenge = z.infer<typeof HashPowChallenge>;

export const PostInfoModel = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  isPinned: z.boolean(),
  tags: z.array(z.string()).nullable(),
  authorAvatar: z.string().nullable(),
  authorName: z.string().nullable(),
  time: Timestamp,
});
export type PostInfoModel = z.infer<typeof PostInfoModel>;

export const PostDetailModel = PostInfoModel.extend({ content: z.string() });
export type PostDetailModel = z.infer<typeof PostDetailModel>;

/** Post ids are 8 lower-case hex characters. */
export const PostId = z.string().regex(/^[0-9a-f]{8}$/);

/** `/healthz`: the process is alive and serving (nothing else is checked). */
export const HealthResponse = z.object({ status: z.literal('ok') });

/** How one dependency answered a readiness check. */
export const ReadinessCheck = z.enum(['ok', 'timeout', 'unreachable']);
export type ReadinessCheck = z.infer<typeof ReadinessCheck>;

/** `/readyz`: 200 when ready for traffic, 503 (same body) when not. */
export const ReadinessResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: ReadinessCheck,
    /** Every migration of the running build applied (`unknown` while the database does not answer). */
    migrations: z.enum(['ok', 'pending', 'unknown']),
    /** `off` when no Redis is configured. */
    redis: z.union([ReadinessCheck, z.literal('off')]),
  }),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponse>;

/** Build information shown on the About page. */
export const BuildInfo = z.object({
  timestamp: z.string().length(20),
  commit: z.string().length(40),
  tag: z.string().regex(/^(v\d+\.\d+\.\d+|develop)$/),
});
export type BuildInfo = z.infer<typeof BuildInfo>;
