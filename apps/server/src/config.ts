import path from 'node:path';
import { CaptchaProvider } from '@flagpole/contract';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlWithProtocols = (protocols: string[]) =>
  z
    .string()
    .trim()
    .refine(
      (v) => {
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );

/** Whether a URL's host is this machine (plain HTTP is allowed to it, for tests and local providers). */
export function isLoopbackUrl(value: string): boolean {
  const host = URL.parse(value)?.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || (host?.startsWith('127.') ?? false);
}

/** An identity provider's address: HTTPS, or plain HTTP to a loopback address only (tokens travel over it). */
const secureUrlOrLoopback = urlWithProtocols(['http:', 'https:']).refine(
  (v) => v.startsWith('https:') || isLoopbackUrl(v),
  'must be an https:// URL (plain http:// only to a loopback address)',
);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** Every environment variable the server reads, validated once at start-up. */
const EnvSchema = z.object({
  /** HTTP port. */
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  /** Listen address. */
  HOST: z.string().default('0.0.0.0'),
  /** Embedded database and stored files live here. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server; without it the embedded database in DATA_DIR is used. */
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  /** Redis shares cache, rate limits and realtime fan-out between processes. */
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']).optional(),
  /**
   * Start of every Redis key and pub/sub channel of this platform. Pub/sub ignores the database number of
   * REDIS_URL, so platforms (or test runs) sharing one Redis need different prefixes.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9:._-]{0,62}$/, 'must be 1 to 63 letters, digits, ":", ".", "_" or "-"')
    .default('flagpole:'),
  /** Longest wait for a new database connection (and for the reachability probe); then requests get 503. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(1),
  /** PostgreSQL statement_timeout of every session of the server (migrations run without it). */
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Password of the `admin` account created on first start. */
  ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').max(128).optional(),
  /** Address players use to reach the platform; mail links are built from it. */
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
  /** Outgoing mail server, e.g. smtp://user:pass@host:587 or smtps://host:465. */
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  /** Sender address of platform mail. */
  MAIL_FROM: z.email().default('flagpole@localhost'),
  /** Which captcha protects register, login and recovery when the account policy enables it. */
  CAPTCHA_PROVIDER: CaptchaProvider.default('None'),
  CAPTCHA_SITE_KEY: optionalString,
  CAPTCHA_SECRET_KEY: optionalString,
  /** Turnstile verification endpoint; tests point it at a local server. */
  TURNSTILE_VERIFY_URL: urlWithProtocols(['http:', 'https:']).default(
    'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  ),
  /** Leading zero bits a HashPow answer needs. */
  POW_DIFFICULTY: z.coerce.number().int().min(8).max(48).default(18),
  /** Turns per-user and per-address rate limits on or off. */
  RATE_LIMIT: booleanFlag.default(true),
  /** API requests per minute of one signed-in user. */
  RATE_LIMIT_USER_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** API requests per minute of one client address while not signed in (a campus may share one address). */
  RATE_LIMIT_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  /** Registrations per 10 minutes from one client address. */
  RATE_LIMIT_REGISTER_PER_10_MINUTES: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /** The window every failed sign-in count below covers. */
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** Failed sign-ins to one account from one address before that pair is refused for the rest of the window. */
  LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** Failed sign-ins from one address, to any accounts, before that address is refused for the rest of the window. */
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /**
   * Failed sign-ins to one account, from all addresses, after which each address waits a growing delay after its
   * own failure before trying that account again (never a lock-out: other addresses are not held back).
   */
  LOGIN_SLOWDOWN_AFTER: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** The longest such delay. */
  LOGIN_SLOWDOWN_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * How long each process trusts its cached sessions, players and challenges before reading them again
   * (0 turns the caches off). Changes made through the platform reach every process at once anyway;
   * this bounds only changes made directly in the database.
   */
  LOOKUP_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(15),
  /** Behind a reverse proxy: trust X-Forwarded-For / -Proto. */
  TRUST_PROXY: booleanFlag.default(false),
  /** OpenID Connect sign-in: the provider's issuer URL (discovery reads ISSUER/.well-known/openid-configuration). */
  OIDC_ISSUER: secureUrlOrLoopback.optional(),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  /** The label of the sign-in button, e.g. the organisation's name. */
  OIDC_NAME: z.string().trim().min(1).max(40).default('OpenID Connect'),
  /** Space-separated scopes asked for; must include `openid`. */
  OIDC_SCOPES: z
    .string()
    .trim()
    .refine((v) => v.split(/\s+/).includes('openid'), 'must include openid')
    .default('openid email profile'),
  /** Hides and refuses password registration and sign-in (administrators may still sign in with a password). */
  OIDC_ONLY: booleanFlag.default(false),
  /** CTFtime sign-in: the CTFtime event id, and the secret from CTFtime's event management page. */
  CTFTIME_CLIENT_ID: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, 'must be the CTFtime event id (digits)')
    .optional(),
  CTFTIME_CLIENT_SECRET: optionalString,
  /** Where CTFtime's /authorize, /token and /user endpoints are (tests point it at a stand-in). */
  CTFTIME_OAUTH_URL: secureUrlOrLoopback.default('https://oauth.ctftime.org'),
  /** Lets webhooks reach loopback, private and link-local addresses (server-side request forgery guard off). */
  WEBHOOK_ALLOW_PRIVATE: booleanFlag.default(false),
  /** How long a webhook receiver may take to answer before the attempt counts as failed. */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),
  /** Longest wait for a request's headers, from its first byte (or the previous answer on the connection). */
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(0.5).max(600).default(30),
  /** Longest pause while a request body arrives (progress, not total time: a slow upload may take hours). */
  HTTP_BODY_IDLE_SECONDS: z.coerce.number().min(0.5).max(3600).default(60),
  /** An idle kept-alive connection is closed after this (above a proxy's own upstream keep-alive, 60 s in nginx). */
  HTTP_KEEP_ALIVE_SECONDS: z.coerce.number().min(0.5).max(3600).default(65),
  /** Open connections of the process; default: half of the descriptor limit less 512 (docs/deploy.md). */
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(16).max(10_000_000).optional(),
  /**
   * Open connections of one client address (IPv6: one /64); default 2048, at most a quarter of the total. With
   * TRUST_PROXY it counts the forwarded address's requests in progress instead (docs/deploy.md).
   */
  HTTP_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000_000).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines with colours on a terminal, one JSON object per line otherwise (collectors, files). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  /** Largest file an organiser may upload as an asset (a request may carry twice this in all). */
  MAX_ASSET_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(256 * 1024 * 1024),
  /** Largest game package or CTFd export an administrator may import (the reference allows 512 MiB). */
  MAX_IMPORT_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(512 * 1024 * 1024),
  /** Where uploaded files and traffic captures are kept: the local disk (DATA_DIR/files) or an S3 bucket. */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** S3 storage: the bucket (it must exist). */
  S3_BUCKET: optionalString,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** S3 storage: address of an S3-compatible service (MinIO, Ceph, R2…); AWS when unset. */
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
  /** S3 storage: bucket name in the path instead of the host name (most self-hosted services). */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** S3 storage: static credentials; the AWS SDK's own chain (environment, profile, pod role) when unset. */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** S3 storage: prefix of every key, e.g. `flagpole/`. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, 'must be folder names each ending with /, e.g. flagpole/')
    .default(''),
  /** S3 storage: downloads streamed through the platform, or redirected to a presigned URL of the bucket. */
  S3_DOWNLOADS: z.enum(['stream', 'redirect']).default('stream'),
  /** S3 storage: how long a presigned download URL stays valid. */
  S3_PRESIGN_SECONDS: z.coerce.number().int().min(10).max(604_800).default(300),
  /** Prometheus metrics on their own port (`/metrics`, no authentication: keep the port private). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Prometheus metrics on the main port at `/metrics`, for `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').max(256).optional(),
  /** Directory of the built web application. */
  WEB_DIST: optionalString,
  /**
   * Live channels (game and admin-log websockets, SignalR hubs), per server process: anonymous connections
   * from one client address (behind TRUST_PROXY, the forwarded one); signed-in users count only per account.
   */
  LIVE_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(256),
  /** Live connections of one signed-in user (all tabs, session or API token) per server process. */
  LIVE_MAX_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(32),
  /** Live connections of one server process in all; keep it below the process's descriptor limit. */
  LIVE_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** A live connection silent this long (no pong, no SignalR message) is closed; websockets are pinged every half. */
  LIVE_IDLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** The event dashboard's snapshot is computed and pushed to the game's monitors this often (docs/operations.md). */
  DASHBOARD_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(5).default(5),
  /** A SignalR connection that has not sent its handshake after this is closed. */
  LIVE_HANDSHAKE_SECONDS: z.coerce.number().int().min(1).max(300).default(15),
  /** Platform proxy: open websocket sessions allowed per instance (in each server process). */
  PROXY_MAX_PER_INSTANCE: z.coerce.number().int().min(1).max(10_000).default(32),
  /** Platform proxy: open websocket sessions allowed per client address (in each server process). */
  PROXY_MAX_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(64),
  /** Platform proxy: a session with no byte either way for this long is closed. */
  PROXY_IDLE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Platform proxy: hard cap on one session, however busy. */
  PROXY_MAX_SESSION_SECONDS: z.coerce.number().int().min(1).max(86_400).default(1800),
  /** Records proxied sessions of challenges that ask for traffic capture; off records nothing. */
  TRAFFIC_CAPTURE: booleanFlag.default(true),
  /** Which engine runs challenge containers; `none` makes container challenges unavailable. */
  CONTAINER_ENGINE: z.enum(['none', 'docker', 'kubernetes']).default('none'),
  /** Docker daemon address (unix:///path/docker.sock or tcp://host:port); the local socket when unset. */
  DOCKER_HOST: z
    .string()
    .trim()
    .regex(/^(unix|tcp|http|https):\/\/\S+$/, 'must look like unix:///var/run/docker.sock or tcp://host:2375')
    .optional(),
  /** Host name or address players are shown for published instance ports (Default port mapping). */
  CONTAINER_PUBLIC_HOST: optionalString,
  /** Host address published instance ports bind to (Docker, Default port mapping). */
  CONTAINER_PUBLISH_ADDRESS: z.union([z.ipv4(), z.ipv6()]).default('0.0.0.0'),
  /**
   * Docker: add (once) an iptables rule that drops new connections from instance networks to this host, so
   * instances cannot reach the platform. Needs root; turn off only when the host firewall does the same.
   */
  CONTAINER_HOST_GUARD: booleanFlag.default(true),
  /** Engine starts running at the same time; further starts wait in order. */
  CONTAINER_START_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * Allow load rehearsals (`flagpole rehearse`, docs/operations.md "Rehearsal"): an administrator's token may mint
   * a run whose registrations skip the captcha and whose accounts are removed afterwards. Off: 403.
   */
  REHEARSAL: booleanFlag.default(false),
  /** How long a rehearsal run outlives its planned ramp and minutes before the sweep removes its accounts. */
  REHEARSAL_GRACE_SECONDS: z.coerce.number().int().min(1).max(86400).default(600),
  /** How often expired rehearsal runs are looked for. */
  REHEARSAL_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Challenge health checks running at the same time, across every process sharing the key-value store. */
  HEALTH_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** How long a start request waits for its instance before answering Pending with its queue position. */
  CONTAINER_START_WAIT_SECONDS: z.coerce.number().min(0).max(60).default(5),
  /** How often expired instances are looked for. */
  CONTAINER_REAP_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * This platform's name on the engine: every instance is labelled with it and start-up reconciliation only
   * touches instances carrying it. Platforms sharing one engine need different names.
   */
  CONTAINER_OWNER: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, 'must be a DNS label')
    .default('flagpole'),
  /** Kubernetes: namespace of challenge pods (created if missing). */
  KUBE_NAMESPACE: z
    .string()
    .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, 'must be a DNS label')
    .default('flagpole-challenges'),
  /** Kubernetes: kubeconfig file; in-cluster configuration when unset. */
  KUBE_CONFIG: optionalString,
  /** Kubernetes: namespace the platform runs in; only its pods may reach instances in PlatformProxy mode. */
  KUBE_PLATFORM_NAMESPACE: z.string().default('default'),
});

/** Whether DOCKER_HOST names a daemon on another machine (tcp/http to anything but a loopback address). */
export function isRemoteDockerHost(dockerHost: string | undefined): boolean {
  const url = URL.parse(dockerHost ?? '');
  if (!url || url.protocol === 'unix:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host === '::1' || host.startsWith('127.'));
}

/** Rules that tie variables together. */
const CheckedEnvSchema = EnvSchema.superRefine((env, context) => {
  if (env.STORAGE === 's3' && !env.S3_BUCKET) {
    context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE=s3' });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    context.addIssue({
      code: 'custom',
      path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
  }
  if (
    env.HTTP_MAX_CONNECTIONS !== undefined &&
    env.HTTP_MAX_CONNECTIONS_PER_ADDRESS !== undefined &&
    env.HTTP_MAX_CONNECTIONS_PER_ADDRESS > env.HTTP_MAX_CONNECTIONS
  ) {
    context.addIssue({
      code: 'custom',
      path: ['HTTP_MAX_CONNECTIONS_PER_ADDRESS'],
      message: 'must not be above HTTP_MAX_CONNECTIONS (one address could then fill the server)',
    });
  }
  if (env.OIDC_ISSUER && !(env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET)) {
    context.addIssue({
      code: 'custom',
      path: [env.OIDC_CLIENT_ID ? 'OIDC_CLIENT_SECRET' : 'OIDC_CLIENT_ID'],
      message: 'is required when OIDC_ISSUER is set',
    });
  }
  if (Boolean(env.CTFTIME_CLIENT_ID) !== Boolean(env.CTFTIME_CLIENT_SECRET)) {
    context.addIssue({
      code: 'custom',
      path: [env.CTFTIME_CLIENT_ID ? 'CTFTIME_CLIENT_SECRET' : 'CTFTIME_CLIENT_ID'],
      message: 'CTFTIME_CLIENT_ID and CTFTIME_CLIENT_SECRET go together',
    });
  }
  if (env.OIDC_ONLY && !env.OIDC_ISSUER && !env.CTFTIME_CLIENT_ID) {
    context.addIssue({
      code: 'custom',
      path: ['OIDC_ONLY'],
      message: 'needs OIDC_ISSUER or CTFTIME_CLIENT_ID: players would have no way to sign in',
    });
  }
  // The host guard is iptables on this machine: with the daemon elsewhere it would protect nothing while
  // looking as if it did, so the combination is refused rather than silently accepted.
  if (env.CONTAINER_ENGINE === 'docker' && env.CONTAINER_HOST_GUARD && isRemoteDockerHost(env.DOCKER_HOST)) {
    context.addIssue({
      code: 'custom',
      path: ['CONTAINER_HOST_GUARD'],
      message:
        'DOCKER_HOST is another machine, where the iptables rules of this server protect nothing; apply them on the Docker host (docs/containers.md) and set CONTAINER_HOST_GUARD=false',
    });
  }
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  filesDir: string;
  publicUrl: string;
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value throws a ConfigError naming every offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `NAME=` in an environment file means "not set", as operators expect.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = CheckedEnvSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    ...parsed,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    publicUrl: (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, ''),
  };
}
