import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database';
import type { ChallengeTypeName, ParticipationStatusName } from '../src/db/schema';
import { randomHex } from '../src/lib/crypto';
import { generateGameKeyPair } from '../src/lib/team-token';
import { registerAndSignIn, type TestClient } from './client';

/*
 * Game-play fixtures written straight to the database, so play tests do not depend on the organiser and
 * join endpoints.
 */

export async function createGame(
  db: Db,
  options: { start: Date; end: Date; practiceMode?: boolean; bloodBonus?: number; title?: string },
): Promise<number> {
  const keys = generateGameKeyPair();
  const row = await db
    .insertInto('games')
    .values({
      title: options.title ?? 'Game',
      start_at: options.start,
      end_at: options.end,
      writeup_deadline: options.end,
      practice_mode: options.practiceMode ?? false,
      blood_bonus: options.bloodBonus,
      public_key: keys.publicKey,
      private_key: keys.privateKey,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface ChallengeOptions {
  title?: string;
  category?: string;
  type?: ChallengeTypeName;
  enabled?: boolean;
  originalScore?: number;
  minScoreRate?: number;
  difficulty?: number;
  deadline?: Date | null;
  submissionLimit?: number;
  disableBloodBonus?: boolean;
  attachmentId?: number | null;
  fileName?: string;
}

export async function createChallenge(db: Db, gameId: number, options: ChallengeOptions = {}): Promise<number> {
  const row = await db
    .insertInto('challenges')
    .values({
      game_id: gameId,
      title: options.title ?? 'Challenge',
      category: options.category ?? 'Misc',
      type: options.type ?? 'StaticAttachment',
      is_enabled: options.enabled ?? true,
      original_score: options.originalScore,
      min_score_rate: options.minScoreRate,
      difficulty: options.difficulty,
      deadline_at: options.deadline ?? null,
      submission_limit: options.submissionLimit,
      disable_blood_bonus: options.disableBloodBonus,
      attachment_id: options.attachmentId ?? null,
      file_name: options.fileName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addFlag(
  db: Db,
  challengeId: number,
  flag: string,
  options: { participationId?: number; attachmentId?: number } = {},
): Promise<number> {
  const row = await db
    .insertInto('flags')
    .values({
      challenge_id: challengeId,
      flag,
      participation_id: options.participationId ?? null,
      attachment_id: options.attachmentId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function addRemoteAttachment(db: Db, url: string): Promise<number> {
  const row = await db
    .insertInto('attachments')
    .values({ type: 'Remote', remote_url: url })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userId(db: Db, userName: string): Promise<string> {
  const row = await db.selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow();
  return row.id;
}

export async function createTeamWithMembers(db: Db, name: string, memberIds: readonly string[]): Promise<number> {
  const captain = memberIds[0];
  if (!captain) throw new Error('a team needs a member');
  const team = await db
    .insertInto('teams')
    .values({ name, invite_token: randomHex(16), captain_id: captain })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('team_members')
    .values(memberIds.map((user_id) => ({ team_id: team.id, user_id })))
    .execute();
  return team.id;
}

/** Enters the team in the game with these members on the roster; Accepted unless told otherwise. */
export async function acceptParticipation(
  db: Db,
  gameId: number,
  teamId: number,
  memberIds: readonly string[],
  status: ParticipationStatusName = 'Accepted',
): Promise<number> {
  const row = await db
    .insertInto('participations')
    .values({ game_id: gameId, team_id: teamId, status })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (memberIds.length > 0) {
    await db
      .insertInto('participation_members')
      .values(memberIds.map((user_id) => ({ participation_id: row.id, game_id: gameId, user_id })))
      .execute();
  }
  return row.id;
}

export interface Player {
  client: TestClient;
  userId: string;
  teamId: number;
  participationId: number;
}

/** A signed-in user with a one-member team, entered in the game. */
export async function createPlayer(
  app: FastifyInstance,
  db: Db,
  gameId: number,
  name: string,
  status: ParticipationStatusName = 'Accepted',
): Promise<Player> {
  const client = await registerAndSignIn(
    app,
    name,
    `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  );
  const id = await userId(db, name);
  const teamId = await createTeamWithMembers(db, `T-${name}`.slice(0, 20), [id]);
  const participationId = await acceptParticipation(db, gameId, teamId, [id], status);
  return { client, userId: id, teamId, participationId };
}
