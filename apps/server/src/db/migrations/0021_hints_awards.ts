import { type Kysely, sql } from 'kysely';

/**
 * Locked hints with a cost, their unlocks and organisers' awards (issue 28; docs/game-play.md, "Hints with a cost",
 * "Awards and penalties"). The unique (hint, participation) index makes an unlock happen once per team whatever
 * the number of clicks or team-mates: a second insert is a no-op. Awards are rows, so removing one is a delete
 * (the audit log keeps who gave and who removed it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table challenge_hints (
      id serial primary key,
      game_id integer not null references games (id) on delete cascade,
      challenge_id integer not null references challenges (id) on delete cascade,
      title text not null,
      content text not null,
      kind text not null check (kind in ('Points', 'RewardShare', 'FreeAfter')),
      cost integer not null default 0 check (cost >= 0),
      free_at timestamptz,
      allow_negative boolean not null default false,
      requires_hint_id integer references challenge_hints (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index challenge_hints_challenge on challenge_hints (challenge_id, id)`.execute(db);
  await sql`create index challenge_hints_game on challenge_hints (game_id)`.execute(db);
  await sql`
    create table hint_unlocks (
      id serial primary key,
      hint_id integer not null references challenge_hints (id) on delete cascade,
      participation_id integer not null references participations (id) on delete cascade,
      user_id uuid references users (id) on delete set null,
      unlocked_at timestamptz not null
    )`.execute(db);
  await sql`create unique index hint_unlocks_team on hint_unlocks (hint_id, participation_id)`.execute(db);
  await sql`create index hint_unlocks_participation on hint_unlocks (participation_id)`.execute(db);
  await sql`
    create table game_awards (
      id serial primary key,
      game_id integer not null references games (id) on delete cascade,
      participation_id integer not null references participations (id) on delete cascade,
      points integer not null check (points <> 0),
      reason text not null,
      counts_for_tie_break boolean not null default false,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index game_awards_game on game_awards (game_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table game_awards`.execute(db);
  await sql`drop table hint_unlocks`.execute(db);
  await sql`drop table challenge_hints`.execute(db);
}
