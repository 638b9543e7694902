/**
 * Per-request costs on the flag-submission hot path, each in µs per call, small enough that game-load's noise
 * (±15 %) hides them:
 * - resuming a cached session (apps/server/src/services/session.service.ts), as every signed-in request does;
 * - the blood check before a group commit holding a correct answer (`openChallenges`, repositories/solve-recording.ts),
 *   up to the driver (Kysely's DummyDriver: statement building and Kysely's executor, no database);
 * - the cache-refresh lookups and the visit record (repositories/play.repository.ts, user.repository.ts), up to the
 *   driver as above;
 * - judging an answer against a challenge's flag (services/flag-match.ts).
 *
 *   node --import tsx bench/micro/hot-path.bench.ts [path/to/apps/server/src]
 *
 * The optional path runs another checkout's modules (e.g. a worktree of main) for a before figure.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { calibrate, describeCalibration } from '../scenarios/calibration';

const src = path.resolve(process.argv[2] ?? 'apps/server/src');
const load = async <T>(file: string) => (await import(pathToFileURL(path.join(src, file)).href)) as T;

type SessionServiceModule = {
  createSessionService(deps: unknown): {
    start(userId: string, client: unknown): Promise<{ token: string }>;
    resume(token: string, client: unknown): Promise<unknown>;
    close(): void;
  };
};
type SolveRecordingModule = { openChallenges(db: unknown, ids: readonly number[]): Promise<number[]> };
const { createSessionService } = await load<SessionServiceModule>('services/session.service.ts');
const { openChallenges } = await load<SolveRecordingModule>('repositories/solve-recording.ts');
const { createPlayRepository } = await load<{
  createPlayRepository(db: unknown): {
    playerContext(gameId: number, userId: string): Promise<unknown>;
    enabledChallenge(gameId: number, challengeId: number): Promise<unknown>;
  };
}>('repositories/play.repository.ts');
const { createUserRepository } = await load<{
  createUserRepository(db: unknown): { recordVisit(id: string, at: Date, ip: string, notBefore: Date): Promise<void> };
}>('repositories/user.repository.ts');
const { buildMatcher, matchesFlag } = await load<{
  buildMatcher(flags: readonly { flag: string; matchType: 'Exact' }[]): unknown;
  matchesFlag(answer: string, matcher: unknown): boolean;
}>('services/flag-match.ts');

console.log(describeCalibration(calibrate()));
console.log(`modules: ${src}`);

/** Runs `call` `count` times per round, three rounds after a warm-up; prints the best round in µs per call. */
async function measure(name: string, count: number, call: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < count; i++) await call(i);
  const rounds: number[] = [];
  for (let round = 0; round < 3; round++) {
    const began = performance.now();
    for (let i = 0; i < count; i++) await call(i);
    rounds.push(((performance.now() - began) * 1000) / count);
  }
  console.log(
    `${name}: ${rounds.map((us) => us.toFixed(3)).join(' / ')} µs per call (best ${Math.min(...rounds).toFixed(3)})`,
  );
}

// Sessions: 500 players signed in, each request resumes one of them from the cache.
const rows = new Map<string, Date>();
const sessions = createSessionService({
  sessions: {
    async insert(s: { tokenHash: string; expiresAt: Date }) {
      rows.set(s.tokenHash, s.expiresAt);
    },
    async findLive(tokenHash: string) {
      const expiresAt = rows.get(tokenHash);
      return (
        expiresAt && { expiresAt, user: { id: tokenHash, user_name: 'p', role: 'User', last_visited_at: new Date() } }
      );
    },
  },
  users: { async recordVisit() {} },
  clock: { now: () => new Date() },
  events: { subscribe: () => () => {}, publish: async () => {} },
  trustMs: 3_600_000,
});
const client = { ip: '127.0.0.1', userAgent: 'bench' };
const tokens: string[] = [];
for (let i = 0; i < 500; i++) tokens.push((await sessions.start(`u${i}`, client)).token);
await measure('session resume (cached)', 200_000, (i) => sessions.resume(tokens[i % 500] as string, client));
sessions.close();

// The blood check of a batch of correct answers to 8 different challenges, up to the driver.
const db = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
await measure('blood check before a correct batch (8 challenges)', 50_000, (i) =>
  openChallenges(
    db,
    [1, 2, 3, 4, 5, 6, 7, 8].map((c) => ((c + i) % 50) + 1),
  ),
);
const play = createPlayRepository(db);
const users = createUserRepository(db);
const now = new Date();
await measure('player context lookup', 50_000, (i) => play.playerContext(1, `user-${i % 500}`));
await measure('enabled challenge lookup', 50_000, (i) => play.enabledChallenge(1, (i % 50) + 1));
await measure('visit record', 50_000, (i) => users.recordVisit(`user-${i % 500}`, now, '127.0.0.1', now));

const matcher = buildMatcher([{ flag: 'flag{the-one-static-flag-of-this-challenge}', matchType: 'Exact' }]);
let matched = 0;
await measure('judging a wrong answer (one exact flag)', 200_000, (i) => {
  if (matchesFlag(`flag{wrong-answer-${i % 1000}}`, matcher)) matched++;
});
if (matched !== 0) throw new Error('a wrong answer matched');

await db.destroy();
