import { type Kysely, sql } from 'kysely';

/** Teams, games, challenges, flags, participations, submissions, solves, notices and events. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table teams (
      id serial primary key,
      name text not null check (char_length(name) between 1 and 20),
      bio text not null default '',
      avatar_hash char(64),
      locked boolean not null default false,
      invite_token char(32) not null,
      captain_id uuid not null references users(id) on delete cascade,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index teams_captain_idx on teams (captain_id)`.execute(db);

  await sql`
    create table team_members (
      team_id integer not null references teams(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      joined_at timestamptz not null default now(),
      primary key (team_id, user_id)
    )`.execute(db);
  await sql`create index team_members_user_idx on team_members (user_id)`.execute(db);

  await sql`
    create table games (
      id serial primary key,
      title text not null,
      summary text not null default '',
      content text not null default '',
      hidden boolean not null default false,
      practice_mode boolean not null default true,
      poster_hash char(64),
      accept_without_review boolean not null default false,
      invite_code text,
      team_member_count_limit integer not null default 0 check (team_member_count_limit >= 0),
      container_count_limit integer not null default 3 check (container_count_limit >= 0),
      start_at timestamptz not null,
      end_at timestamptz not null,
      writeup_required boolean not null default false,
      writeup_deadline timestamptz not null,
      writeup_note text not null default '',
      blood_bonus integer not null default 52459530 check (blood_bonus >= 0),
      public_key text not null,
      private_key text not null,
      created_at timestamptz not null default now(),
      check (end_at > start_at)
    )`.execute(db);
  await sql`create index games_start_idx on games (start_at desc)`.execute(db);

  await sql`
    create table attachments (
      id serial primary key,
      type text not null check (type in ('None', 'Local', 'Remote')),
      remote_url text,
      file_hash char(64) references files(hash),
      check ((type = 'Local') = (file_hash is not null)),
      check ((type = 'Remote') = (remote_url is not null))
    )`.execute(db);

  await sql`
    create table challenges (
      id serial primary key,
      game_id integer not null references games(id) on delete cascade,
      title text not null,
      content text not null default '',
      category text not null,
      type text not null check (type in ('StaticAttachment', 'StaticContainer', 'DynamicAttachment', 'DynamicContainer')),
      hints jsonb not null default '[]',
      is_enabled boolean not null default false,
      deadline_at timestamptz,
      submission_limit integer not null default 0 check (submission_limit between 0 and 10000),
      flag_template text,
      file_name text not null default 'attachment',
      attachment_id integer references attachments(id) on delete set null,
      container_image text not null default '',
      memory_limit integer not null default 64,
      cpu_count integer not null default 1,
      storage_limit integer not null default 256,
      expose_port integer not null default 80,
      network_mode text not null default 'Open' check (network_mode in ('Open', 'Isolated', 'Custom')),
      enable_traffic_capture boolean not null default false,
      disable_blood_bonus boolean not null default false,
      original_score integer not null default 1000 check (original_score > 0),
      min_score_rate double precision not null default 0.25 check (min_score_rate between 0 and 1),
      difficulty double precision not null default 5 check (difficulty > 0),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index challenges_game_idx on challenges (game_id)`.execute(db);

  await sql`
    create table participations (
      id serial primary key,
      game_id integer not null references games(id) on delete cascade,
      team_id integer not null references teams(id) on delete cascade,
      status text not null default 'Pending' check (status in ('Pending', 'Accepted', 'Rejected', 'Suspended')),
      division_id integer,
      writeup_hash char(64) references files(hash),
      writeup_uploaded_at timestamptz,
      created_at timestamptz not null default now(),
      unique (game_id, team_id)
    )`.execute(db);
  await sql`create index participations_team_idx on participations (team_id)`.execute(db);

  // The roster: who plays for the team in this game. One team per user per game.
  await sql`
    create table participation_members (
      participation_id integer not null references participations(id) on delete cascade,
      game_id integer not null references games(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      primary key (participation_id, user_id),
      unique (game_id, user_id)
    )`.execute(db);

  // Accepted flags of static challenges, the flag pool of dynamic attachments (each with its
  // own attachment, handed to one team), and the generated per-team flags of dynamic containers.
  await sql`
    create table flags (
      id serial primary key,
      challenge_id integer not null references challenges(id) on delete cascade,
      flag text not null check (char_length(flag) between 1 and 127),
      attachment_id integer references attachments(id) on delete set null,
      participation_id integer references participations(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index flags_challenge_idx on flags (challenge_id)`.execute(db);
  await sql`create unique index flags_team_idx on flags (challenge_id, participation_id) where participation_id is not null`.execute(
    db,
  );

  await sql`
    create table submissions (
      id bigserial primary key,
      game_id integer not null references games(id) on delete cascade,
      challenge_id integer not null references challenges(id) on delete cascade,
      participation_id integer not null references participations(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      answer text not null,
      status text not null default 'FlagSubmitted'
        check (status in ('FlagSubmitted', 'Accepted', 'WrongAnswer', 'CheatDetected', 'NotFound')),
      submitted_at timestamptz not null,
      checked_at timestamptz
    )`.execute(db);
  await sql`create index submissions_game_time_idx on submissions (game_id, submitted_at desc)`.execute(db);
  await sql`create index submissions_team_challenge_idx on submissions (participation_id, challenge_id)`.execute(db);
  // Checks still pending when the server stopped are found again at start-up.
  await sql`create index submissions_pending_idx on submissions (id) where status = 'FlagSubmitted'`.execute(db);

  // One solve per team and challenge: the database, not the code, guarantees it.
  await sql`
    create table solves (
      participation_id integer not null references participations(id) on delete cascade,
      challenge_id integer not null references challenges(id) on delete cascade,
      game_id integer not null references games(id) on delete cascade,
      submission_id bigint not null unique references submissions(id) on delete cascade,
      solved_at timestamptz not null,
      primary key (participation_id, challenge_id)
    )`.execute(db);
  await sql`create index solves_game_idx on solves (game_id, solved_at)`.execute(db);

  await sql`
    create table cheat_infos (
      submission_id bigint primary key references submissions(id) on delete cascade,
      game_id integer not null references games(id) on delete cascade,
      submit_participation_id integer not null references participations(id) on delete cascade,
      source_participation_id integer not null references participations(id) on delete cascade
    )`.execute(db);
  await sql`create index cheat_infos_game_idx on cheat_infos (game_id)`.execute(db);

  await sql`
    create table game_notices (
      id serial primary key,
      game_id integer not null references games(id) on delete cascade,
      type text not null check (type in ('Normal', 'FirstBlood', 'SecondBlood', 'ThirdBlood', 'NewHint', 'NewChallenge')),
      values jsonb not null,
      published_at timestamptz not null
    )`.execute(db);
  await sql`create index game_notices_game_idx on game_notices (game_id, published_at desc)`.execute(db);

  await sql`
    create table game_events (
      id bigserial primary key,
      game_id integer not null references games(id) on delete cascade,
      type text not null check (type in ('Normal', 'ContainerStart', 'ContainerDestroy', 'FlagSubmit', 'CheatDetected')),
      values jsonb not null,
      user_id uuid references users(id) on delete set null,
      team_id integer references teams(id) on delete set null,
      published_at timestamptz not null
    )`.execute(db);
  await sql`create index game_events_game_idx on game_events (game_id, published_at desc)`.execute(db);
}
