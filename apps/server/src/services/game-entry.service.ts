import type {
  DetailedGameInfoModel,
  GameJoinCheckInfoModel,
  GameJoinModel,
  GameRosterModel,
  ParticipationEditModel,
  ParticipationInfoModel,
  ParticipationStatus,
} from '@flagpole/contract';
import type { Db } from '../db/database';
import type { ParticipationStatusName } from '../db/schema';
import type { Identity } from '../http/access';
import { type CachedBody, cachedBody } from '../http/cached-response';
import { badRequest, forbidden, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { constantTimeEqual, sha256Hex } from '../lib/crypto';
import { BUS_RESYNC, type EventBus } from '../lib/event-bus';
import { createDivisionRepository } from '../repositories/division.repository';
import { createGameRepository, type GameRow } from '../repositories/game.repository';
import { createGamePhaseRepository } from '../repositories/game-phase.repository';
import { createRosterRepository } from '../repositories/roster.repository';
import { createTeamRepository } from '../repositories/team.repository';
import { isUniqueViolation } from '../repositories/user.repository';
import type { WebhookEmitter } from '../webhooks/webhook-queue';
import type { AuditLog } from './audit-log';
import { acceptsWithoutReview, divisionForJoin, inviteCodeForJoin, joinableDivisions } from './division-rules';
import { GAMES_CHANGED, posterUrl } from './game-edit.service';
import { orderRecentGames, RECENT_GAMES_MAX, toBasic } from './game-list-order';
import { assertGameNotEnded } from './game-window';
import { type AppliedAwards, applyPendingAwards, auditAppliedAwards } from './pending-awards';
import { personalTeamForJoin } from './personal-team';
import { avatarUrl, toProfile } from './profile.service';
import { SCOREBOARD_INVALIDATE } from './scoreboard.service';
import { enrolAtEntry, replaceRoster } from './team-roster';

/** Status changes an organiser may make; anything else (a Rejected entry above all) is refused. */
const TRANSITIONS: Record<ParticipationStatusName, readonly ParticipationStatusName[]> = {
  Pending: ['Accepted', 'Rejected'],
  Accepted: ['Suspended'],
  Suspended: ['Accepted'],
  Rejected: [],
};

/** A team game's join names its team (the contract leaves `teamId` optional for solo games). */
function requiredTeamId(input: GameJoinModel): number {
  if (input.teamId == null) throw badRequest('error.missingField', { field: 'teamId' });
  return input.teamId;
}

/** The player's way into games: lists, details, joining and leaving; and the organiser's review. */
export function createGameEntryService(deps: {
  db: Db;
  clock: Clock;
  events: EventBus;
  /** Entries waiting for an organiser's review go to webhooks. */
  webhooks?: WebhookEmitter;
  /** Imported awards applied at an acceptance are recorded here. */
  audit?: AuditLog;
}) {
  const games = createGameRepository(deps.db);
  const divisions = createDivisionRepository(deps.db);
  const phases = createGamePhaseRepository(deps.db);
  const pages = new Map<string, CachedBody>();
  let generation = 0;
  const forgetPages = () => {
    pages.clear();
    generation += 1;
  };
  deps.events.subscribe(GAMES_CHANGED, forgetPages);
  deps.events.subscribe(BUS_RESYNC, forgetPages);

  const invalidate = (gameId: number) => deps.events.publish(SCOREBOARD_INVALIDATE, { gameId });

  async function load(gameId: number): Promise<GameRow> {
    const game = await games.find(gameId);
    if (!game) throw notFound('error.gameNotFound');
    return game;
  }

  return {
    /** Visible games, latest start first; each page is serialised once per change of the games. */
    async page(count: number, skip: number, search?: string): Promise<CachedBody> {
      // Searches are few and varied: only the plain pages every visitor reads are kept.
      const key = search === undefined ? `${count}:${skip}` : undefined;
      const cached = key === undefined ? undefined : pages.get(key);
      if (cached) return cached;
      const seen = generation;
      const [rows, total] = await Promise.all([
        games.pageVisibleByStart(count, skip, search),
        games.count({ includeHidden: false, search }),
      ]);
      const data = rows.map(toBasic);
      const value = { data, length: data.length, total };
      const built = cachedBody(value, `gms-${sha256Hex(JSON.stringify(value)).slice(0, 16)}`, deps.clock.now());
      if (key !== undefined && seen === generation) pages.set(key, built);
      return built;
    },

    /** Depends on the time, so it is built per request; the ETag still saves the transfer. */
    async recent(limit: number): Promise<CachedBody> {
      const now = deps.clock.now();
      const ordered = orderRecentGames(await games.allVisible(), now);
      const data = ordered.slice(0, limit === 0 ? RECENT_GAMES_MAX : Math.min(limit, RECENT_GAMES_MAX)).map(toBasic);
      return cachedBody(data, `rct-${sha256Hex(JSON.stringify(data)).slice(0, 16)}`, now);
    },

    /**
     * Hidden games are reachable by id; the caller's own entry fills status, team name and division. Every
     * division is listed (the game page names the team's division); `/check` says which are open for joining.
     */
    async detail(gameId: number, identity: Identity | null): Promise<DetailedGameInfoModel> {
      const game = await load(gameId);
      const [teamCount, entry, divisionRows, phaseRows] = await Promise.all([
        games.acceptedTeamCount(gameId),
        identity ? games.rosterEntry(gameId, identity.userId) : Promise.resolve(undefined),
        divisions.list(gameId),
        phases.list(gameId),
      ]);
      return {
        id: game.id,
        title: game.title,
        summary: game.summary,
        content: game.content,
        hidden: game.hidden,
        divisions: divisionRows.map((d) => ({ id: d.id, name: d.name, inviteCodeRequired: d.inviteCode !== null })),
        inviteCodeRequired: Boolean(game.invite_code),
        writeupRequired: game.writeup_required,
        poster: posterUrl(game.poster_hash),
        limit: game.team_member_count_limit,
        teamCount,
        division: entry?.division_id ?? null,
        teamName: entry?.team_name ?? null,
        practiceMode: game.practice_mode,
        status: entry?.status ?? 'Unsubmitted',
        start: game.start_at.getTime(),
        end: game.end_at.getTime(),
        flagFormat: game.flag_format,
        flagFormatCheck: game.flag_format_check,
        freezeAt: game.freeze_at?.getTime() ?? null,
        scoreboardRevealed: game.scoreboard_revealed_at !== null,
        phases: phaseRows,
        individual: game.individual,
        memberProgress: game.member_progress,
      };
    },

    /** The caller's teams that have an entry in the game and the divisions open for joining (`/check`). */
    async check(identity: Identity, gameId: number): Promise<GameJoinCheckInfoModel> {
      await load(gameId);
      const [rows, divisionRows] = await Promise.all([
        games.entriesOfUserTeams(gameId, identity.userId),
        divisions.list(gameId),
      ]);
      const rosters = await games.rosters(rows.map((row) => row.id));
      return {
        joinedTeams: rows.map((row) => ({
          id: row.team_id,
          division: row.division_id,
          name: row.team_name,
          status: row.status,
          players: rosters.filter((r) => r.participation_id === row.id).map((r) => r.user_id),
        })),
        joinableDivisions: joinableDivisions(divisionRows).map((d) => d.id),
      };
    },

    /** Puts the caller on the team's roster for the game, in the order of checks of the contract. */
    async join(identity: Identity, gameId: number, input: GameJoinModel): Promise<void> {
      const game = await load(gameId);
      assertGameNotEnded(game, deps.clock.now());
      let review: { participationId: number; team: { id: number; name: string } } | undefined;
      let applied: AppliedAwards | null = null;
      try {
        await deps.db.transaction().execute(async (trx) => {
          const teams = createTeamRepository(trx);
          const repo = createGameRepository(trx);
          const roster = createRosterRepository(trx);
          // A solo game: the caller enters alone, on their personal team (personal-team.ts); `teamId` is ignored.
          const individual = (await repo.individualForEntry(gameId)) ?? game.individual;
          const team = individual
            ? await personalTeamForJoin(teams, gameId, identity.userId)
            : await teams.find(requiredTeamId(input));
          if (!team) throw notFound('error.teamNotFound');
          if (!(await teams.isMember(team.id, identity.userId))) throw badRequest('error.notTeamMember');
          // Invite codes admit teams: a member joining a team whose entry stands (not Rejected) follows the
          // team in, into its division, without a code (docs/teams-and-game-entry.md, "Late members").
          const current = await repo.teamParticipation(gameId, team.id);
          const standing = current !== undefined && current.status !== 'Rejected';
          const division = divisionForJoin(
            await createDivisionRepository(trx).list(gameId),
            input.divisionId,
            standing ? { divisionId: current.division_id } : null,
          );
          const code = inviteCodeForJoin(division, game.invite_code);
          if (code && !standing && !constantTimeEqual(code, input.inviteCode?.trim() ?? '')) {
            throw badRequest(division?.inviteCode ? 'error.wrongDivisionInviteCode' : 'error.wrongGameInviteCode');
          }
          const existing = await repo.rosterEntry(gameId, identity.userId);
          if (existing && existing.status !== 'Rejected') {
            // The team brought this member in: their own join call answers as the reference's first join does.
            if (existing.team_id === team.id && (await roster.takeOverRow(existing.id, identity.userId))) return;
            throw badRequest('error.alreadyInGame');
          }
          const members = individual ? undefined : input.members;
          if (members && team.captain_id !== identity.userId) throw forbidden('error.captainOnly');
          await repo.removeRejectedRosterRows(gameId, identity.userId);
          const participation = await repo.participationForJoin(gameId, team.id);
          let status = participation.status;
          if (status === 'Rejected') status = 'Pending';
          const limit = game.team_member_count_limit;
          if (limit > 0 && (await repo.rosterSize(participation.id)) >= limit) throw badRequest('error.teamFull');
          await repo.addToRoster(participation.id, gameId, identity.userId);
          if (!standing) {
            const at = { participationId: participation.id, gameId, teamId: team.id, limit, callerId: identity.userId };
            await enrolAtEntry(roster, at, members);
          }
          if (!standing && participation.division_id !== (division?.id ?? null)) {
            await repo.setDivision(participation.id, division?.id ?? null);
          }
          if (status === 'Pending' && acceptsWithoutReview(division, game.accept_without_review)) status = 'Accepted';
          if (status !== participation.status) await repo.setStatus(participation.id, status);
          if (status === 'Accepted' && participation.status !== 'Accepted') {
            applied = await applyPendingAwards(trx, participation.id);
          }
          // A new entry (or one again after a rejection) that waits for an organiser: a webhook event.
          if (status === 'Pending' && !standing) {
            review = { participationId: participation.id, team: { id: team.id, name: team.name } };
          }
        });
      } catch (error) {
        // Two requests of the same user racing: the roster's unique (game, user) decides.
        if (isUniqueViolation(error)) throw badRequest('error.alreadyInGame');
        throw error;
      }
      await invalidate(gameId);
      auditAppliedAwards(deps.audit, applied);
      if (review) {
        const at = deps.clock.now();
        void deps.webhooks?.emit({
          type: 'participation.review',
          key: `review:${review.participationId}:${at.getTime()}`,
          gameId,
          at,
          data: { team: review.team, participationId: review.participationId },
        });
      }
    },

    /**
     * The captain chooses who plays for the team (beyond the member limit above all): exactly the given members,
     * while the team's entry stands and the game is open to joining.
     */
    async setRoster(identity: Identity, gameId: number, input: GameRosterModel): Promise<void> {
      const game = await load(gameId);
      assertGameNotEnded(game, deps.clock.now());
      await deps.db.transaction().execute(async (trx) => {
        const team = await createTeamRepository(trx).find(input.teamId);
        if (!team) throw notFound('error.teamNotFound');
        if (team.captain_id !== identity.userId) throw forbidden('error.captainOnly');
        const repo = createGameRepository(trx);
        const current = await repo.teamParticipation(gameId, team.id);
        const participation = current && (await repo.findParticipation(current.id));
        if (!participation || participation.status === 'Rejected') throw badRequest('error.teamNotInGame');
        const entry = {
          participationId: participation.id,
          gameId,
          teamId: team.id,
          limit: game.team_member_count_limit,
        };
        await replaceRoster(createRosterRepository(trx), entry, input.members);
      });
      await invalidate(gameId);
    },

    /** Only while the entry is Pending or Rejected; an entry whose roster empties is removed. */
    async leave(identity: Identity, gameId: number): Promise<void> {
      await load(gameId);
      await deps.db.transaction().execute(async (trx) => {
        const repo = createGameRepository(trx);
        const entry = await repo.rosterEntry(gameId, identity.userId);
        if (!entry) throw badRequest('error.notInGame');
        const participation = await repo.findParticipation(entry.id);
        if (!participation || (participation.status !== 'Pending' && participation.status !== 'Rejected')) {
          throw badRequest('error.cannotLeaveGame');
        }
        await repo.removeFromRoster(participation.id, identity.userId);
        if ((await repo.rosterSize(participation.id)) === 0) await repo.deleteParticipation(participation.id);
      });
      await invalidate(gameId);
    },

    async participations(gameId: number): Promise<ParticipationInfoModel[]> {
      const exists = await games.find(gameId);
      if (!exists) throw notFound('error.gameNotFound');
      const rows = await games.participationsOfGame(gameId);
      const teamIds = [...new Set(rows.map((p) => p.team_id))];
      if (teamIds.length === 0) return [];
      const teamRepo = createTeamRepository(deps.db);
      const [teams, members, rosters, active] = await Promise.all([
        deps.db.selectFrom('teams').selectAll().where('id', 'in', teamIds).execute(),
        deps.db
          .selectFrom('team_members')
          .innerJoin('users', 'users.id', 'team_members.user_id')
          .selectAll('users')
          .select('team_members.team_id')
          .where('team_members.team_id', 'in', teamIds)
          .orderBy('team_members.joined_at')
          .execute(),
        games.rosters(rows.map((p) => p.id)),
        teamRepo.inActiveGame(teamIds, deps.clock.now()),
      ]);
      const byId = new Map(teams.map((t) => [t.id, t]));
      return rows.flatMap((p) => {
        const team = byId.get(p.team_id);
        if (!team) return [];
        return [
          {
            id: p.id,
            team: {
              id: team.id,
              locked: team.locked || active.has(team.id),
              captainId: team.captain_id,
              name: team.name,
              bio: team.bio,
              avatar: avatarUrl(team.avatar_hash),
              members: members.filter((m) => m.team_id === team.id).map((m) => toProfile(m)),
            },
            registeredMembers: rosters.filter((r) => r.participation_id === p.id).map((r) => r.user_id),
            divisionId: p.division_id,
            status: p.status,
          },
        ];
      });
    },

    /**
     * Pending → Accepted | Rejected, Accepted → Suspended, Suspended → Accepted; Rejected is final. The
     * division is always applied, as the contract says: null or absent clears it, and a Rejected entry has
     * none. An id that is not a division of the game is 404 and changes nothing (the reference ignores it, which
     * hid typos: the organiser saw 200 and a team left in its old division).
     */
    async review(participationId: number, input: ParticipationEditModel): Promise<void> {
      let applied: AppliedAwards | null = null;
      const gameId = await deps.db.transaction().execute(async (trx) => {
        const repo = createGameRepository(trx);
        const participation = await repo.findParticipation(participationId);
        if (!participation) throw notFound('error.participationNotFound');
        if (
          input.divisionId != null &&
          !(await createDivisionRepository(trx).find(participation.game_id, input.divisionId))
        ) {
          throw notFound('error.divisionNotFound');
        }
        const target: ParticipationStatus | null | undefined = input.status;
        let status = participation.status;
        if (target != null && target !== participation.status) {
          if (target === 'Unsubmitted' || !TRANSITIONS[participation.status].includes(target)) {
            throw badRequest('error.statusTransition', { from: participation.status, to: target });
          }
          await repo.setStatus(participation.id, target);
          status = target;
          if (target === 'Accepted') applied = await applyPendingAwards(trx, participation.id);
        }
        let divisionId = input.divisionId ?? null;
        if (status === 'Rejected') divisionId = null;
        if (divisionId !== participation.division_id) await repo.setDivision(participation.id, divisionId);
        return participation.game_id;
      });
      await invalidate(gameId);
      auditAppliedAwards(deps.audit, applied);
    },
  };
}
export type GameEntryService = ReturnType<typeof createGameEntryService>;
