import { teamLimits } from '@flagpole/contract';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { randomHex } from '../lib/crypto';
import type { EventBus } from '../lib/event-bus';
import { createRosterRepository } from '../repositories/roster.repository';
import { createTeamRepository, type TeamRow } from '../repositories/team.repository';
import { SCOREBOARD_INVALIDATE } from '../services/scoreboard.service';
import { followTeamIntoGames } from '../services/team-roster';
import type { CtftimeTeam } from './providers';

type TeamRepository = ReturnType<typeof createTeamRepository>;

/** A team name from CTFtime's, without control characters and within the platform's length. */
export function teamNameFrom(ctftimeName: string): string {
  const cleaned = ctftimeName.replace(/[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu, '').trim();
  return (cleaned || 'CTFtime team').slice(0, teamLimits.name.max).trim();
}

/**
 * Creates the team of a CTFtime team with the player as captain, unless they captain the most teams a user may
 * already (then they get none); a team-mate who created it at the same moment wins, and it is found.
 */
async function create(teams: TeamRepository, userId: string, team: CtftimeTeam): Promise<TeamRow | undefined> {
  await teams.lockUser(userId);
  if ((await teams.countCaptained(userId)) >= teamLimits.captainedTeams) return undefined;
  const created = await teams.insertForCtftime({
    name: teamNameFrom(team.name),
    captainId: userId,
    inviteToken: randomHex(16),
    ctftimeTeamId: team.id,
    country: team.country,
  });
  return created ?? (await teams.findByCtftimeTeam(team.id));
}

/**
 * Puts a player signing in with CTFtime into the Flagpole team of their CTFtime team: the first member to arrive
 * creates it (and captains it), later ones join it, found by the CTFtime team id, and follow it into its games
 * as an invite would make them. Nothing happens for a member already in it.
 */
export function createCtftimeTeams(deps: { db: Db; clock: Clock; events: EventBus }) {
  return {
    async join(userId: string, team: CtftimeTeam): Promise<void> {
      const games = await deps.db.transaction().execute(async (trx) => {
        const teams = createTeamRepository(trx);
        const existing = (await teams.findByCtftimeTeam(team.id)) ?? (await create(teams, userId, team));
        if (!existing || (await teams.isMember(existing.id, userId))) return [];
        await teams.addMember(existing.id, userId);
        return followTeamIntoGames(createRosterRepository(trx), existing.id, userId, deps.clock.now());
      });
      for (const gameId of games) await deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });
    },
  };
}
export type CtftimeTeams = ReturnType<typeof createCtftimeTeams>;
