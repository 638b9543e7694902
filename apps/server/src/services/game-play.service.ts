import {
  ChallengeCategory,
  type ChallengeDetailModel,
  type ChallengeInfo,
  type ClientFlagContext,
  GamePermission,
  hasPermission,
  type Role,
  roleRank,
  type ScoreboardItem,
} from '@flagpole/contract';
import type { CachedBody } from '../http/cached-response';
import { AppError, forbidden, notFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import { signTeamToken } from '../lib/team-token';
import type { PlayChallengeRow, PlayerContextRow, PlayRepository } from '../repositories/play.repository';
import { isReleased } from '../scoring/release';
import { attachmentContext } from './attachment-context';
import { accessKey, assertUnlocked, type GameRules, solvedBy, teamChallenges } from './challenge-prerequisites';
import type { FlagChecker } from './flag-checker.service';
import { createFlagSubmission } from './flag-submission';
import { ownSolvesSinceFreeze, withOwnSolves } from './freeze-own-solves';
import { assertGameNotEnded, assertGameStarted, hasGameEnded } from './game-window';
import type { PlayLookups } from './play-lookups';
import type { RateLimiter } from './rate-limit.service';
import type { BuiltScoreboard, ScoreboardService } from './scoreboard.service';

/** A signed-in user playing a game through an Accepted participation. */
export interface Player {
  userId: string;
  game: PlayerContextRow['game'];
  participationId: number;
  teamId: number;
  teamName: string;
  /** The entry's division; null: none, every permission. */
  divisionId: number | null;
}

/** Who asks: the user and their role (organisers may preview a board without a team). */
export interface Caller {
  userId: string;
  role: Role;
}

/** The team's instance of a container challenge, as the challenge detail shows it. */
export type InstanceContextProvider = (
  gameId: number,
  challengeId: number,
  participationId: number,
) => Promise<Partial<ClientFlagContext>>;

/** Admins and Monitors read the live board during a freeze (docs/game-play.md, "Freeze and reveal"). */
const organiser = (caller: Caller) => roleRank[caller.role] >= roleRank.Monitor;
const isContainerType = (type: string) => type === 'StaticContainer' || type === 'DynamicContainer';
const category = ChallengeCategory.catch('Misc');
/** The key of the preview body among a board's per-participation detail bodies (ids start at 1). */
const PREVIEW_KEY = 0;

/**
 * What an Accepted team does inside a running game: its board, a challenge, submitting flags and reading
 * their verdicts. Every call starts from the caller's game and roster entry (cached, see play-lookups).
 */
export function createGamePlayService(deps: {
  repository: PlayRepository;
  /** Cached player and challenge lookups (the two reads every play request makes). */
  lookups: PlayLookups;
  scoreboard: ScoreboardService;
  flagChecker: FlagChecker;
  limiter: RateLimiter;
  clock: Clock;
  /** This process's lease id, written on the submissions it stores (whoever outlives it takes them over). */
  owner: string;
}) {
  const { repository, clock } = deps;
  const submissions = createFlagSubmission({ repository, flagChecker: deps.flagChecker, owner: deps.owner });
  // Signing is cheap but not free; a team's token never changes for a game.
  const tokens = new Map<string, string>();
  /** Instance fields of container challenges, provided by the containers module when it is registered. */
  let instanceContext: InstanceContextProvider | undefined;

  function tokenOf(player: Player): string {
    const key = `${player.game.id}:${player.teamId}`;
    let token = tokens.get(key);
    if (!token) {
      token = signTeamToken(player.game.private_key, player.teamId);
      if (tokens.size > 100_000) tokens.clear();
      tokens.set(key, token);
    }
    return token;
  }

  /**
   * 404 unknown game; 403 not on the game's roster; 400 entry not Accepted; 400/10001 not started;
   * 400/10002 ended (unless practice mode).
   */
  async function player(gameId: number, userId: string, now = clock.now()): Promise<Player> {
    const context = await deps.lookups.playerContext(gameId, userId);
    if (!context) throw notFound('error.gameNotFound');
    const { game, participation } = context;
    if (!participation) throw forbidden('error.notInGame');
    if (participation.status !== 'Accepted') throw new AppError(400, 'error.participationNotAccepted');
    assertGameStarted(game, now);
    assertGameNotEnded(game, now);
    return {
      userId,
      game,
      participationId: participation.id,
      teamId: participation.teamId,
      teamName: participation.teamName,
      divisionId: participation.divisionId,
    };
  }

  /** The player's permissions on a challenge: its division's override, else the division's default. */
  async function permissionsOf(p: Player, challengeId: number): Promise<number> {
    if (p.divisionId === null) return GamePermission.All;
    const division = await deps.lookups.divisionPermissions(p.game.id, p.divisionId);
    if (!division) return GamePermission.All;
    return division.configs.get(challengeId) ?? division.defaultPermissions;
  }

  /** 404, as for an unknown challenge, when the player's division may not see it. */
  async function assertVisible(p: Player, challengeId: number): Promise<void> {
    if (!hasPermission(await permissionsOf(p, challengeId), GamePermission.ViewChallenge)) {
      throw notFound('error.challengeNotFound');
    }
  }

  /** 404 for a challenge the team's prerequisites hide, 403 for one they lock (services/challenge-prerequisites.ts). */
  async function assertOpen(p: Player, challengeId: number): Promise<void> {
    const rules = await deps.lookups.prerequisites(p.game.id);
    if (rules.size === 0) return;
    assertUnlocked(rules, challengeId, solvedBy(await deps.scoreboard.get(p.game.id), p.teamId));
  }

  /** The team's list: its division's, with its prerequisites applied (`solved`: the team's solves, null: none). */
  async function teamList(p: Player, board: BuiltScoreboard, rules: GameRules, solved: Set<number> | null) {
    const visible = await visibleChallenges(p, board);
    if (solved === null) return visible;
    const listed = JSON.parse(visible.json) as BuiltScoreboard['model']['challenges'];
    const { challenges, count } = teamChallenges(listed, rules, solved);
    return { json: JSON.stringify(challenges), count };
  }

  /** The board's challenges a team of this division may see, serialised once per board and division. */
  async function visibleChallenges(p: Player, board: BuiltScoreboard): Promise<{ json: string; count: number }> {
    if (p.divisionId === null) return { json: board.challengesJson, count: board.model.challengeCount };
    const cached = board.visibleByDivision.get(p.divisionId);
    if (cached) return cached;
    const division = await deps.lookups.divisionPermissions(p.game.id, p.divisionId);
    if (!division) return { json: board.challengesJson, count: board.model.challengeCount };
    const visible: Partial<Record<string, ChallengeInfo[]>> = {};
    let count = 0;
    for (const [name, list] of Object.entries(board.model.challenges)) {
      const shown = list.filter((c) =>
        hasPermission(division.configs.get(c.id) ?? division.defaultPermissions, GamePermission.ViewChallenge),
      );
      if (shown.length === 0) continue;
      visible[name] = shown;
      count += shown.length;
    }
    const value = { json: JSON.stringify(visible), count };
    board.visibleByDivision.set(p.divisionId, value);
    return value;
  }

  /**
   * Organisers' preview of the board (docs/game-play.md): an Admin or Monitor who does not play the game
   * through an Accepted entry reads the board and the challenges without a team. Admins may look at any time,
   * monitors once the game has started; nobody previews a game that does not exist. Returns null when the
   * caller plays (or may not preview), so the player checks decide.
   */
  async function previewGame(gameId: number, caller: Caller): Promise<PlayerContextRow['game'] | null> {
    if (roleRank[caller.role] < roleRank.Monitor) return null;
    const context = await deps.lookups.playerContext(gameId, caller.userId);
    if (!context) throw notFound('error.gameNotFound');
    if (context.participation?.status === 'Accepted') return null;
    if (caller.role !== 'Admin') assertGameStarted(context.game, clock.now());
    return context.game;
  }

  /**
   * An enabled challenge; before its release (scoring/release.ts) it does not exist for players (404, as for an
   * unknown one), while organisers previewing the game (`unreleased`) may read it.
   */
  async function challenge(gameId: number, challengeId: number, unreleased = false): Promise<PlayChallengeRow> {
    const row = await deps.lookups.enabledChallenge(gameId, challengeId);
    if (!row) throw notFound('error.challengeNotFound');
    if (!unreleased && !isReleased(row.release_at?.getTime(), clock.now().getTime())) {
      throw notFound('error.challengeNotFound');
    }
    return row;
  }

  /** The board without a team: no rank, no token, `preview: true`; one body per board version. */
  async function previewDetails(gameId: number, game: PlayerContextRow['game']): Promise<CachedBody> {
    const board = await deps.scoreboard.get(gameId);
    if (!board) throw notFound('error.gameNotFound');
    const rules = await deps.lookups.prerequisites(gameId);
    const key = `${game.writeup_required}|${game.writeup_deadline.getTime()}|${rules.size}`;
    const cached = board.details.get(PREVIEW_KEY);
    if (cached && cached.key === key) return cached.value;
    // Organisers see every challenge open, with its real title: as a team that solved every prerequisite.
    const everything = new Set([...rules.values()].flatMap((rule) => rule.requiredIds));
    const listed =
      rules.size === 0
        ? board.challengesJson
        : JSON.stringify(teamChallenges(board.model.challenges, rules, everything).challenges);
    const body =
      `{"challenges":${listed},"challengeCount":${board.model.challengeCount},"rank":null,` +
      `"teamToken":"","writeupRequired":${game.writeup_required},` +
      `"writeupDeadline":${game.writeup_deadline.getTime()},"preview":true}`;
    const value = {
      body,
      etag: `W/"prv-${sha256Hex(`${board.etag}|${key}`).slice(0, 20)}"`,
      lastModified: board.lastModified,
    };
    board.details.set(PREVIEW_KEY, { key, value });
    return value;
  }

  /** A challenge as a team would see it, without the team's own parts (instance, own attachment, attempts). */
  async function previewChallenge(gameId: number, challengeId: number): Promise<ChallengeDetailModel> {
    const c = await challenge(gameId, challengeId, true);
    const board = await deps.scoreboard.get(gameId);
    const files = c.type === 'StaticAttachment' ? attachmentContext(c, c.file_name) : { url: null, fileSize: null };
    return {
      id: c.id,
      title: c.title,
      content: c.content,
      category: category.parse(c.category),
      hints: c.hints,
      score: board?.scoreByChallenge.get(c.id) ?? c.original_score,
      type: c.type,
      context: { closeTime: null, instanceEntry: null, ...files },
      limit: c.submission_limit,
      attempts: 0,
      deadline: c.deadline_at ? c.deadline_at.getTime() : null,
    };
  }

  return {
    player,

    /** The player, after checking their division may see the challenge (404 otherwise); for containers. */
    async playerFor(gameId: number, userId: string, challengeId: number): Promise<Player> {
      const p = await player(gameId, userId);
      await assertVisible(p, challengeId);
      await assertOpen(p, challengeId);
      return p;
    },

    /** Lets the containers module fill in the instance fields of container challenge details. */
    provideInstanceContext(provider: InstanceContextProvider): void {
      instanceContext = provider;
    },

    /** `GameDetailModel` as a cached body: rebuilt only when the scoreboard or the team's fields change. */
    async details(gameId: number, caller: Caller): Promise<CachedBody> {
      const preview = await previewGame(gameId, caller);
      if (preview) return previewDetails(gameId, preview);
      const p = await player(gameId, caller.userId);
      const live = await deps.scoreboard.get(gameId);
      if (!live) throw notFound('error.gameNotFound');
      // During a freeze: the frozen board, plus the team's own later solves (it knows it solved them). An organiser
      // who also plays reads the live board here as on the scoreboard and the socket: one rule for them everywhere.
      const board = organiser(caller) ? live : deps.scoreboard.forPlayers(live);
      const ownSince = board === live ? [] : ownSolvesSinceFreeze(live, board, p.teamId);
      const token = tokenOf(p);
      const rules = await deps.lookups.prerequisites(gameId);
      const solved = rules.size === 0 ? null : solvedBy(live, p.teamId);
      const key =
        `${token}|${p.teamName}|${p.divisionId}|${p.game.writeup_required}|${p.game.writeup_deadline.getTime()}` +
        `|${ownSince.map((solve) => solve.id).join(',')}|${solved ? accessKey(rules, solved) : ''}`;
      const cached = board.details.get(p.participationId);
      if (cached && cached.key === key) return cached.value;
      const challenges = await teamList(p, board, rules, solved);
      const row: ScoreboardItem = board.itemByTeam.get(p.teamId) ?? {
        id: p.teamId,
        name: p.teamName,
        bio: null,
        divisionId: p.divisionId,
        avatar: null,
        score: 0,
        rank: 0,
        divisionRank: null,
        lastSubmissionTime: 0,
        solvedChallenges: [],
        solvedCount: 0,
      };
      const rank = ownSince.length === 0 ? row : withOwnSolves(row, ownSince, board);
      const body =
        `{"challenges":${challenges.json},"challengeCount":${challenges.count},` +
        `"rank":${JSON.stringify(rank)},"teamToken":${JSON.stringify(token)},` +
        `"writeupRequired":${p.game.writeup_required},"writeupDeadline":${p.game.writeup_deadline.getTime()}}`;
      const value = {
        body,
        etag: `W/"det-${sha256Hex(`${board.etag}|${key}`).slice(0, 20)}"`,
        lastModified: board.lastModified,
      };
      board.details.set(p.participationId, { key, value });
      return value;
    },

    async challengeDetail(gameId: number, challengeId: number, caller: Caller): Promise<ChallengeDetailModel> {
      if (await previewGame(gameId, caller)) return previewChallenge(gameId, challengeId);
      const p = await player(gameId, caller.userId);
      const c = await challenge(gameId, challengeId);
      await assertVisible(p, c.id);
      await assertOpen(p, c.id);
      let files: Pick<ClientFlagContext, 'url' | 'fileSize'> = { url: null, fileSize: null };
      if (c.type === 'DynamicAttachment') {
        const flag = await repository.assignPoolFlag(c.id, p.participationId);
        // An empty pool leaves the challenge without an instance for this team.
        if (!flag) throw notFound('error.challengeNotFound');
        files = attachmentContext(flag, c.file_name);
      } else if (c.type === 'StaticAttachment') {
        files = attachmentContext(c, c.file_name);
      }
      const [live, attempts] = await Promise.all([
        deps.scoreboard.get(gameId),
        repository.countSubmissions(p.participationId, c.id),
      ]);
      // During a freeze a challenge's worth is its value at the freeze (organisers: its live value).
      const board = live && (organiser(caller) ? live : deps.scoreboard.forPlayers(live));
      return {
        id: c.id,
        title: c.title,
        content: c.content,
        category: category.parse(c.category),
        hints: c.hints,
        score: board?.scoreByChallenge.get(c.id) ?? c.original_score,
        type: c.type,
        context: {
          closeTime: null,
          instanceEntry: null,
          ...files,
          ...(isContainerType(c.type) && instanceContext ? await instanceContext(gameId, c.id, p.participationId) : {}),
        },
        limit: c.submission_limit,
        attempts,
        deadline: c.deadline_at ? c.deadline_at.getTime() : null,
      };
    },

    /**
     * Stores the answer durably and has it judged (services/flag-submission.ts); returns the submission id.
     * 400 after the challenge deadline (unless practice mode) or at the submission limit; 429 over the team's
     * submission rate. With an idempotency key the caller used before, nothing is stored and the earlier
     * submission's id is returned (422 when that key was sent with another challenge or answer).
     */
    async submit(
      gameId: number,
      challengeId: number,
      caller: { userId: string; userName: string },
      ip: string,
      flag: string,
      idempotencyKey?: string,
    ): Promise<number> {
      const at = clock.now();
      const p = await player(gameId, caller.userId, at);
      const c = await challenge(gameId, challengeId);
      if (c.deadline_at && at.getTime() > c.deadline_at.getTime() && !p.game.practice_mode) {
        throw new AppError(400, 'error.challengeDeadlinePassed');
      }
      const permissions = await permissionsOf(p, c.id);
      if (!hasPermission(permissions, GamePermission.ViewChallenge | GamePermission.SubmitFlags)) {
        throw new AppError(400, 'error.submitNotAllowed');
      }
      await assertOpen(p, c.id);
      await deps.limiter.hit('submit', `team:${p.participationId}`);
      return submissions.store(p, c, caller, ip, flag, at, idempotencyKey);
    },

    /**
     * The verdict for the caller's team; CheatDetected is reported as WrongAnswer. A submission this
     * process is still judging is waited for briefly, so the first status call usually has the verdict.
     */
    status: submissions.status,

    /** Whether the game exists and has started (public views); throws 404 / 400-10001. */
    async assertStarted(gameId: number): Promise<{ ended: boolean }> {
      const game = await deps.lookups.gameWindow(gameId);
      if (!game) throw notFound('error.gameNotFound');
      const now = clock.now();
      assertGameStarted(game, now);
      return { ended: hasGameEnded(game, now) };
    },
    /** CTFtime feed: a hidden game is 404 but for admins (CTFtime republishes it; docs/integrations.md). */
    async assertFeedVisible(gameId: number, caller: { role: Role } | null): Promise<void> {
      const game = await deps.lookups.gameWindow(gameId);
      if (!game || (game.hidden && caller?.role !== 'Admin')) throw notFound('error.gameNotFound');
    },
  };
}
export type GamePlayService = ReturnType<typeof createGamePlayService>;
