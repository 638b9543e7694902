import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../src/db/database';
import { migrations } from '../src/db/migrations/index';
import { adminUrl, databaseUrl } from './postgres';

const onPostgres = process.env.TEST_DB === 'postgres';

describe.runIf(onPostgres)('migrations on a PostgreSQL server', () => {
  it('apply once when several processes start together', async () => {
    const name = `flagpole_test_migrate_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const processes = await Promise.all(
        [1, 2, 3, 4].map(() => openDatabase({ url: databaseUrl(name), maxConnections: 2 })),
      );
      await Promise.all(processes.map((db) => migrate(db)));
      const first = processes[0];
      if (!first) throw new Error('no database');
      const applied = await sql<{ name: string }>`select name from flagpole_migrations order by name`.execute(first);
      expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
      await Promise.all(processes.map((db) => db.destroy()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});

describe.runIf(!onPostgres)('the embedded database', () => {
  it('keeps its data across a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'flagpole-embedded-'));
    try {
      const first = await openDatabase({ embeddedDir: path.join(dir, 'db') });
      await migrate(first);
      await first
        .insertInto('settings')
        .values({ key: 'probe', value: JSON.stringify({ kept: true }), updated_at: new Date() })
        .execute();
      await first.destroy();

      const second = await openDatabase({ embeddedDir: path.join(dir, 'db') });
      await migrate(second);
      const row = await second.selectFrom('settings').select('value').where('key', '=', 'probe').executeTakeFirst();
      expect(row?.value).toEqual({ kept: true });
      await second.destroy();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps a committed row when the process is killed right after the commit', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'flagpole-embedded-kill-'));
    const database = fileURLToPath(new URL('../src/db/database.ts', import.meta.url));
    // A process that opens the embedded database as the server does, commits a row, says so, and waits to be killed.
    const script = `
      const { migrate, openDatabase } = await import(${JSON.stringify(database)});
      const db = await openDatabase({ embeddedDir: process.argv[1] });
      await migrate(db);
      await db.insertInto('settings').values({ key: 'acknowledged', value: JSON.stringify(1), updated_at: new Date() }).execute();
      console.log('committed');
      setInterval(() => {}, 1000);`;
    try {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, path.join(dir, 'db')],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('committed')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code} before committing`)));
      });
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      const again = await openDatabase({ embeddedDir: path.join(dir, 'db') });
      const row = await again
        .selectFrom('settings')
        .select('value')
        .where('key', '=', 'acknowledged')
        .executeTakeFirst();
      expect(row?.value).toBe(1);
      await again.destroy();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
