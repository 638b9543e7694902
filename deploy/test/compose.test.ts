import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildImage, IMAGE, runLogged } from './docker';
import { playOneFlag } from './game-flow';
import { fetchWithin, HttpSession } from './http-session';
import { repositoryRoot } from './render';
import { freePort } from './server-process';

/*
 * compose.yaml checked by Debian's docker-compose, then run for real: the Flagpole image CI builds, with
 * PostgreSQL and Redis images made locally from Debian's packages (scripts/build-service-images.sh) under
 * the official names, as no registry is reachable here.
 */

interface ComposeService {
  image: string;
  environment: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  group_add?: (string | number)[];
}
interface ComposeConfig {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

/** Every variable the server reads, from its one validated schema. */
async function serverVariables(): Promise<string[]> {
  const source = await readFile(path.join(repositoryRoot, 'apps/server/src/config.ts'), 'utf8');
  const schema = source.slice(
    source.indexOf('const EnvSchema = z.object({'),
    source.indexOf('\n});', source.indexOf('const EnvSchema')),
  );
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] as string);
}

/** A compose project folder holding an `.env`; compose.yaml itself is read from the repository. */
async function projectWith(env: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'flagpole-compose-'));
  await writeFile(path.join(folder, '.env'), env);
  return folder;
}

function compose(project: string, args: string[], files = ['compose.yaml']): Promise<string> {
  const fileArgs = files.flatMap((file) => ['-f', path.join(repositoryRoot, file)]);
  return runLogged('docker-compose', ['--project-directory', project, ...fileArgs, ...args]);
}

describe('compose.yaml', () => {
  let example: string;
  beforeAll(async () => {
    example = await readFile(path.join(repositoryRoot, '.env.example'), 'utf8');
  });

  it('is valid for docker-compose with .env.example: three services, named volumes, health-gated start', async () => {
    const project = await projectWith(example);
    try {
      const config = parse(await compose(project, ['config'])) as ComposeConfig;
      expect(Object.keys(config.services).sort()).toEqual(['flagpole', 'postgres', 'redis']);
      expect(Object.keys(config.volumes).sort()).toEqual(['flagpole-data', 'postgres-data', 'redis-data']);
      const { flagpole, postgres, redis } = config.services as Record<string, ComposeService>;
      expect(flagpole?.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
      });
      expect(postgres?.healthcheck?.test).toContain('pg_isready');
      expect(redis?.healthcheck?.test).toContain('ping');
      expect(flagpole?.volumes).toEqual(['flagpole-data:/data:rw']);
      expect(flagpole?.environment.DATABASE_URL).toBe('postgres://flagpole:change-me-postgres@postgres:5432/flagpole');
      expect(flagpole?.environment.REDIS_URL).toBe('redis://:change-me-redis@redis:6379');
      // Passwords come from .env, never from compose.yaml itself.
      const source = await readFile(path.join(repositoryRoot, 'compose.yaml'), 'utf8');
      expect(source).not.toContain('change-me');
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('refuses to start without the passwords', async () => {
    const project = await projectWith(example.replace(/^POSTGRES_PASSWORD=.*$/m, 'POSTGRES_PASSWORD='));
    try {
      await expect(compose(project, ['config'])).rejects.toThrow(/set POSTGRES_PASSWORD in \.env/);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('gives the platform the Docker socket for container challenges with compose.docker.yaml', async () => {
    const project = await projectWith(example);
    try {
      const config = parse(
        await compose(project, ['config'], ['compose.yaml', 'compose.docker.yaml']),
      ) as ComposeConfig;
      const flagpole = config.services.flagpole as ComposeService;
      expect(flagpole.volumes).toContain('/var/run/docker.sock:/var/run/docker.sock:rw');
      expect(flagpole.environment).toMatchObject({ CONTAINER_ENGINE: 'docker', CONTAINER_HOST_GUARD: 'false' });
      expect(flagpole.group_add?.map(String)).toEqual(['999']);
    } finally {
      await rm(project, { recursive: true, force: true });
    }
  });

  it('documents every variable the server reads in .env.example and the README', async () => {
    const readme = await readFile(path.join(repositoryRoot, 'README.md'), 'utf8');
    for (const name of await serverVariables()) {
      expect(example, `${name} in .env.example`).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
      expect(readme, `${name} in README.md`).toContain(`\`${name}\``);
    }
  });
});

describe('compose.yaml run for real', () => {
  const projectName = `flagpole-ci-${randomBytes(4).toString('hex')}`;
  const adminPassword = `Compose-${randomBytes(4).toString('hex')}`;
  let project: string;
  let base: string;
  beforeAll(async () => {
    await buildImage();
    await runLogged('bash', ['scripts/build-service-images.sh']);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    project = await projectWith(
      [
        `COMPOSE_PROJECT_NAME=${projectName}`,
        `POSTGRES_PASSWORD=${randomBytes(12).toString('hex')}`,
        `REDIS_PASSWORD=${randomBytes(12).toString('hex')}`,
        `FLAGPOLE_IMAGE=${IMAGE}`,
        'FLAGPOLE_ADDRESS=127.0.0.1',
        `FLAGPOLE_PORT=${port}`,
        `ADMIN_PASSWORD=${adminPassword}`,
        '',
      ].join('\n'),
    );
  });
  afterAll(async () => {
    if (!project) return;
    await compose(project, ['down', '--volumes', '--timeout', '30']).catch(() => undefined);
    await rm(project, { recursive: true, force: true });
  });

  const ready = async () => {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const answer = await fetchWithin(`${base}/readyz`).then(
        (response) => (response.ok ? response.json() : undefined),
        () => undefined,
      );
      if (answer) return answer;
      if (Date.now() > deadline) throw new Error(`not ready:\n${await compose(project, ['logs', '--tail', '80'])}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  it('starts PostgreSQL and Redis first, then the platform, which scores a flag and keeps its data across a restart', async () => {
    const started = Date.now();
    const step = (what: string) =>
      console.log(`compose: ${what} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await compose(project, ['up', '-d']);
    step('up');
    expect(await ready()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', redis: 'ok' } });
    step('ready');
    await playOneFlag(base, adminPassword);
    step('played');

    // Stopped and started again: the database volume kept the game and the accounts.
    await compose(project, ['down', '--timeout', '30']);
    await compose(project, ['up', '-d']);
    await ready();
    step('restarted');
    const admin = new HttpSession(base);
    await admin.call('POST', '/api/account/login', { userName: 'admin', password: adminPassword });
    const games = await admin.call<{ data: { title: string }[] }>('GET', '/api/edit/games?count=10&skip=0');
    expect(games.data.map((game) => game.title)).toContain('Image check');
  }, 300_000);
});
