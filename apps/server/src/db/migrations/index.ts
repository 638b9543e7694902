import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';
import * as gameLoop from './0002_game_loop';

/** Every migration in order; names are permanent once released. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_game_loop': gameLoop,
};
