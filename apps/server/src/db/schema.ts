import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date, Date>;

export interface UsersTable {
  id: Generated<string>;
  user_name: string;
  email: string;
  email_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  password_hash: string;
  role: ColumnType<'Banned' | 'User' | 'Monitor' | 'Admin', 'Banned' | 'User' | 'Monitor' | 'Admin' | undefined>;
  bio: ColumnType<string, string | undefined, string>;
  phone: string | null;
  real_name: ColumnType<string, string | undefined, string>;
  std_number: ColumnType<string, string | undefined, string>;
  avatar_hash: string | null;
  created_at: CreatedAt;
  last_visited_at: Timestamp | null;
  last_ip: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value; the value itself is never stored. */
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

/** Single-use tokens mailed to users: e-mail verification, password reset, e-mail change. */
export interface AccountTokensTable {
  token_hash: string;
  user_id: string;
  purpose: 'verify' | 'reset' | 'change-email';
  new_email: string | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

/** Stored files, content-addressed by SHA-256. */
export interface FilesTable {
  hash: string;
  size: number;
  content_type: string;
  reference_count: number;
  created_at: CreatedAt;
}

/** Settings an administrator edits at runtime, one JSON document per key. */
export interface SettingsTable {
  key: string;
  value: unknown;
  updated_at: Timestamp;
}

export interface PostsTable {
  id: string;
  title: string;
  summary: string;
  content: string;
  is_pinned: boolean;
  tags: string[];
  author_id: string | null;
  updated_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  account_tokens: AccountTokensTable;
  files: FilesTable;
  settings: SettingsTable;
  posts: PostsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type PostRow = Selectable<PostsTable>;
