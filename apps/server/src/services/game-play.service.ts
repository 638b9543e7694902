import {
  type AnswerResult,
  ChallengeCategory,
  type ChallengeDetailModel,
  type ClientFlagContext,
  type ScoreboardItem,
} from '@flagpole/contract';
import type { CachedBody } from '../http/cached-response';
import { AppError, forbidden, notFound } from '../http/errors';
import { createBatcher } from '../lib/batcher';
import type { Clock } from '../lib/clock';
import { sha256Hex } from '../lib/crypto';
import { signTeamToken } from '../lib/team-token';
import type {
  NewSubmission,
  PlayChallengeRow,
  PlayerContextRow,
  PlayRepository,
  TeamFlagRow,
} from '../repositories/play.repository';
import type { FlagChecker } from './flag-checker.service';
import { assertGameNotEnded, assertGameStarted, hasGameEnded } from './game-window';
import type { PlayLookups } from './play-lookups';
import type { RateLimiter } from './rate-limit.service';
import type { ScoreboardService } from './scoreboard.service';

/** A signed-in user playing a game through an Accepted participation. */
export interface Player {
  userId: string;
  game: PlayerContextRow['game'];
  participationId: number;
  teamId: number;
  teamName: string;
}

/** The team's instance of a container challenge, as the challenge detail shows it. */
export type InstanceContextProvider = (
  gameId: number,
  challengeId: number,
  participationId: number,
) => Promise<Partial<ClientFlagContext>>;

const isContainerType = (type: string) => type === 'StaticContainer' || type === 'DynamicContainer';
const category = ChallengeCategory.catch('Misc');
/** Longest a status call holds for a verdict being judged; judging a batch takes milliseconds. */
const VERDICT_WAIT_MS = 2_000;

function attachmentContext(
  row: Pick<TeamFlagRow, 'attachment_type' | 'remote_url' | 'file_hash' | 'file_size'> | undefined,
  fileName: string,
): Pick<ClientFlagContext, 'url' | 'fileSize'> {
  if (row?.attachment_type === 'Local' && row.file_hash) {
    return { url: `/assets/${row.file_hash}/${encodeURIComponent(fileName)}`, fileSize: row.file_size };
  }
  if (row?.attachment_type === 'Remote' && row.remote_url) return { url: row.remote_url, fileSize: null };
  return { url: null, fileSize: null };
}

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
}) {
  const { repository, clock } = deps;
  // Submissions arriving together are stored in one statement (group commit); each POST still answers
  // only after its own row is committed.
  const submissionWriter = createBatcher({
    run: (items: NewSubmission[]) => repository.insertSubmissions(items),
    maxBatch: 256,
    maxInFlight: 2,
  });
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
  async function player(gameId: number, userId: string): Promise<Player> {
    const context = await deps.lookups.playerContext(gameId, userId);
    if (!context) throw notFound('error.gameNotFound');
    const { game, participation } = context;
    if (!participation) throw forbidden('error.notInGame');
    if (participation.status !== 'Accepted') throw new AppError(400, 'error.participationNotAccepted');
    const now = clock.now();
    assertGameStarted(game, now);
    assertGameNotEnded(game, now);
    return {
      userId,
      game,
      participationId: participation.id,
      teamId: participation.teamId,
      teamName: participation.teamName,
    };
  }

  async function challenge(gameId: number, challengeId: number): Promise<PlayChallengeRow> {
    const row = await deps.lookups.enabledChallenge(gameId, challengeId);
    if (!row) throw notFound('error.challengeNotFound');
    return row;
  }

  return {
    player,

    /** Lets the containers module fill in the instance fields of container challenge details. */
    provideInstanceContext(provider: InstanceContextProvider): void {
      instanceContext = provider;
    },

    /** `GameDetailModel` as a cached body: rebuilt only when the scoreboard or the team's fields change. */
    async details(gameId: number, userId: string): Promise<CachedBody> {
      const p = await player(gameId, userId);
      const board = await deps.scoreboard.get(gameId);
      if (!board) throw notFound('error.gameNotFound');
      const token = tokenOf(p);
      const key = `${token}|${p.teamName}|${p.game.writeup_required}|${p.game.writeup_deadline.getTime()}`;
      const cached = board.details.get(p.participationId);
      if (cached && cached.key === key) return cached.value;
      const rank: ScoreboardItem = board.itemByTeam.get(p.teamId) ?? {
        id: p.teamId,
        name: p.teamName,
        bio: null,
        divisionId: null,
        avatar: null,
        score: 0,
        rank: 0,
        divisionRank: null,
        lastSubmissionTime: 0,
        solvedChallenges: [],
        solvedCount: 0,
      };
      const body =
        `{"challenges":${board.challengesJson},"challengeCount":${board.model.challengeCount},` +
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

    async challengeDetail(gameId: number, challengeId: number, userId: string): Promise<ChallengeDetailModel> {
      const p = await player(gameId, userId);
      const c = await challenge(gameId, challengeId);
      let files: Pick<ClientFlagContext, 'url' | 'fileSize'> = { url: null, fileSize: null };
      if (c.type === 'DynamicAttachment') {
        const flag = await repository.assignPoolFlag(c.id, p.participationId);
        // An empty pool leaves the challenge without an instance for this team.
        if (!flag) throw notFound('error.challengeNotFound');
        files = attachmentContext(flag, c.file_name);
      } else if (c.type === 'StaticAttachment') {
        files = attachmentContext(c, c.file_name);
      }
      const [board, attempts] = await Promise.all([
        deps.scoreboard.get(gameId),
        repository.countSubmissions(p.participationId, c.id),
      ]);
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
     * Stores the answer (durably, status FlagSubmitted) and queues it for judging; returns the submission id.
     * 400 after the challenge deadline (unless practice mode) or at the submission limit; 429 over the team's
     * submission rate.
     */
    async submit(
      gameId: number,
      challengeId: number,
      { userId, userName }: { userId: string; userName: string },
      flag: string,
    ): Promise<number> {
      const at = clock.now();
      const p = await player(gameId, userId);
      const c = await challenge(gameId, challengeId);
      if (c.deadline_at && at.getTime() > c.deadline_at.getTime() && !p.game.practice_mode) {
        throw new AppError(400, 'error.challengeDeadlinePassed');
      }
      await deps.limiter.hit('submit', `team:${p.participationId}`);
      const submission = { gameId, challengeId: c.id, participationId: p.participationId, userId, answer: flag, at };
      const limited = c.submission_limit > 0;
      // A wrong answer to a static challenge with cached flags is stored already judged: one write, no queue.
      const verdict = limited ? undefined : deps.flagChecker.verdictAtEntry(c.id, c.type, flag);
      const judged = verdict && { status: verdict, at, challengeTitle: c.title, teamId: p.teamId };
      const id = limited
        ? await repository.insertLimitedSubmission({ ...submission, limit: c.submission_limit })
        : await submissionWriter.add({ ...submission, judged });
      if (id === 'limit') throw new AppError(400, 'error.submissionLimitReached');
      const details = {
        id,
        gameId,
        challengeId: c.id,
        participationId: p.participationId,
        userId,
        userName,
        answer: flag,
        submittedAt: at,
        challengeType: c.type,
        challengeTitle: c.title,
        teamId: p.teamId,
        teamName: p.teamName,
      };
      if (judged) await deps.flagChecker.judgedAtEntry(details, judged.status);
      else deps.flagChecker.submitted(details);
      return id;
    },

    /**
     * The verdict for the caller's team; CheatDetected is reported as WrongAnswer. A submission this
     * process is still judging is waited for briefly, so the first status call usually has the verdict.
     */
    async status(gameId: number, challengeId: number, submissionId: number, userId: string): Promise<AnswerResult> {
      const status =
        (await deps.flagChecker.awaitStatus(submissionId, userId, gameId, challengeId, VERDICT_WAIT_MS)) ??
        (await repository.submissionStatus(gameId, challengeId, submissionId, userId));
      if (!status) throw notFound('error.submissionNotFound');
      return status === 'CheatDetected' ? 'WrongAnswer' : status;
    },

    /** Whether the game exists and has started (public views); throws 404 / 400-10001. */
    async assertStarted(gameId: number): Promise<{ ended: boolean }> {
      const game = await repository.gameWindow(gameId);
      if (!game) throw notFound('error.gameNotFound');
      const now = clock.now();
      assertGameStarted(game, now);
      return { ended: hasGameEnded(game, now) };
    },
  };
}
export type GamePlayService = ReturnType<typeof createGamePlayService>;
