import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import {
  type ChallengeInfo,
  type Language,
  memberProgress,
  type ScoreAdjustment,
  type ScoreboardItem,
} from '@flagpole/contract';
import type ExcelJS from 'exceljs';
import { notFound } from '../http/errors';
import { type MessageKey, translate } from '../i18n/messages';
import type { Clock } from '../lib/clock';
import { attachmentDisposition, fileNameTimestamp, safeFileNamePart } from '../lib/safe-file-name';
import type { SheetRepository } from '../repositories/sheet.repository';
import { assertGameStarted } from './game-window';
import type { ScoreboardService } from './scoreboard.service';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SUBMISSION_PAGE = 2000;
const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

export interface Sheet {
  disposition: string;
  stream: Readable;
}

/** Lets a long export wait for a slow reader and stop when the reader has gone. */
export interface SheetOutput {
  /** Resolves when the reader has caught up; false once the response is closed. */
  ready(): Promise<boolean>;
}

type FillSheet = (sheet: ExcelJS.Worksheet, output: SheetOutput) => Promise<void>;

/**
 * Writes a workbook to a stream as rows are added, one worksheet after the other: the response starts before the
 * last row is read, and memory stays flat however many submissions a game has. The spreadsheet library
 * is loaded on the first export, so servers that never export do not carry it in memory.
 */
async function streamWorkbook(sheets: ReadonlyArray<{ name: string; fill: FillSheet }>): Promise<Readable> {
  const { default: excel } = await import('exceljs');
  const output = new PassThrough();
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const ready = async () => {
    if (!output.destroyed && output.writableNeedDrain) {
      await Promise.race([once(output, 'drain'), once(output, 'close')]);
    }
    return !output.destroyed;
  };
  (async () => {
    for (const { name, fill } of sheets) {
      const sheet = workbook.addWorksheet(name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
      await fill(sheet, { ready });
      sheet.commit();
    }
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  return output;
}

function header(sheet: ExcelJS.Worksheet, titles: string[]): void {
  const row = sheet.addRow(titles);
  row.font = { bold: true };
  row.commit();
}

/**
 * Per-player progress: one row per member of each team in board order (team, member, the points and solves the
 * board credits them; members on the roster without a solve too), from `memberProgress` of the contract.
 */
function memberSheet(
  items: readonly ScoreboardItem[],
  rosters: ReadonlyMap<number, string[]>,
  t: (key: MessageKey) => string,
): FillSheet {
  return async (sheet) => {
    sheet.columns = [{ width: 24 }, { width: 18 }, { width: 10 }, { width: 10 }];
    header(sheet, [t('sheet.team'), t('sheet.user'), t('sheet.score'), t('sheet.solved')]);
    for (const item of items) {
      for (const member of memberProgress(item, rosters.get(item.id) ?? [])) {
        sheet.addRow([item.name, member.userName, member.score, member.solvedCount]).commit();
      }
    }
  };
}

/** The kind of an adjustment, in the sheet's language. */
const ADJUSTMENT_KIND: Record<ScoreAdjustment['kind'], MessageKey> = {
  Award: 'sheet.kindAward',
  HintPoints: 'sheet.kindHintPoints',
  HintShare: 'sheet.kindHintShare',
};

/**
 * Awards and hint deductions: one row per adjustment of each team in board order (team, kind, challenge, signed
 * points, reason, time), as the board applied them (already part of the teams' scores).
 */
function adjustmentSheet(
  items: readonly ScoreboardItem[],
  challenges: readonly ChallengeInfo[],
  t: (key: MessageKey) => string,
): FillSheet {
  const titles = new Map(challenges.map((c) => [c.id, c.title]));
  return async (sheet) => {
    sheet.columns = [
      { width: 24 },
      { width: 18 },
      { width: 24 },
      { width: 10 },
      { width: 40 },
      { width: 22, style: { numFmt: TIME_FORMAT } },
    ];
    header(sheet, [
      t('sheet.team'),
      t('sheet.kind'),
      t('sheet.challenge'),
      t('sheet.points'),
      t('sheet.reason'),
      t('sheet.time'),
    ]);
    for (const item of items) {
      for (const adjustment of item.adjustments ?? []) {
        const challenge = adjustment.challengeId === null ? null : (titles.get(adjustment.challengeId) ?? null);
        sheet
          .addRow([
            item.name,
            t(ADJUSTMENT_KIND[adjustment.kind]),
            challenge,
            adjustment.points,
            adjustment.reason ?? '',
            new Date(adjustment.time),
          ])
          .commit();
      }
    }
  };
}

/** The scoreboard and submission exports for monitors, as .xlsx; column titles in the caller's language. */
export function createSheetService(deps: { repository: SheetRepository; scoreboard: ScoreboardService; clock: Clock }) {
  const { repository, scoreboard, clock } = deps;

  /** The game, which must exist (404) and have started (400/10001). */
  async function startedGame(gameId: number) {
    const game = await repository.gameWindow(gameId);
    if (!game) throw notFound('error.gameNotFound');
    assertGameStarted(game, clock.now());
    return game;
  }

  const fileName = (kind: string, title: string, gameId: number) =>
    attachmentDisposition(`${kind}-${safeFileNamePart(title, String(gameId))}-${fileNameTimestamp(clock.now())}.xlsx`);

  return {
    /**
     * One row per team from the cached scoreboard (not recomputed), in board order: overall rank ("—" for a
     * team whose division does not rank overall), team, its division when the game has divisions, roster,
     * score, the sum of its awards and hint deductions when the board has any (already part of the score), solved
     * count, then the points it holds on each challenge (empty where unsolved). A solo game names the
     * column "Player" and has no roster; a team game has a second sheet with per-player progress; a board with
     * awards or hint deductions has a sheet listing each.
     */
    async scoreboard(gameId: number, language: Language, playersView = false, phaseId?: number): Promise<Sheet> {
      const game = await startedGame(gameId);
      const live = await scoreboard.get(gameId);
      if (!live) throw notFound('error.gameNotFound');
      // Monitors read the live board; during a freeze they may ask for the frozen one players see.
      const seen = playersView ? scoreboard.forPlayers(live) : live;
      // A game phase's board (scoring/phase.ts): its challenges only.
      const board = phaseId === undefined ? seen : scoreboard.phaseOf(seen, phaseId);
      if (board === 'no phase') throw notFound('error.phaseNotFound');
      const rosters = await repository.rosters(gameId);
      // Columns by category, then in the board's order within a category.
      const challenges: ChallengeInfo[] = Object.entries(board.model.challenges)
        .sort(([a], [b]) => a.localeCompare(b))
        .flatMap(([, list]) => list);
      const t = (key: MessageKey) => translate(language, key);
      const divisionNames = new Map(board.model.divisions.map((d) => [d.id, d.name]));
      const withDivisions = divisionNames.size > 0;
      const divisionCell = (id: number | null) =>
        withDivisions ? [id === null ? '' : (divisionNames.get(id) ?? '')] : [];
      // A solo game lists players: its rows are named after them and a roster would only repeat the name.
      const solo = game.individual;
      const rosterCell = (teamId: number) => (solo ? [] : [(rosters.get(teamId) ?? []).join(', ')]);
      // Awards and hint deductions: a column (and a sheet) only on boards that have any.
      const withAdjustments = board.model.items.some((item) => item.adjustments !== undefined);
      const adjustmentCell = (item: ScoreboardItem) =>
        withAdjustments ? [(item.adjustments ?? []).reduce((total, a) => total + a.points, 0)] : [];
      const fillBoard: FillSheet = async (sheet) => {
        sheet.columns = [
          { width: 8 },
          { width: 24 },
          ...(withDivisions ? [{ width: 18 }] : []),
          ...(solo ? [] : [{ width: 40 }]),
          { width: 10 },
          ...(withAdjustments ? [{ width: 12 }] : []),
          { width: 10 },
          ...challenges.map(() => ({ width: 14 })),
        ];
        header(sheet, [
          t('sheet.rank'),
          t(solo ? 'sheet.player' : 'sheet.team'),
          ...(withDivisions ? [t('sheet.division')] : []),
          ...(solo ? [] : [t('sheet.members')]),
          t('sheet.score'),
          ...(withAdjustments ? [t('sheet.adjustments')] : []),
          t('sheet.solved'),
          ...challenges.map((c) => `[${c.category}] ${c.title}`),
        ]);
        for (const item of board.model.items) {
          const points = new Map(item.solvedChallenges.map((s) => [s.id, s.score]));
          sheet
            .addRow([
              item.rank > 0 ? item.rank : '—',
              item.name,
              ...divisionCell(item.divisionId),
              ...rosterCell(item.id),
              item.score,
              ...adjustmentCell(item),
              item.solvedCount,
              ...challenges.map((c) => points.get(c.id) ?? null),
            ])
            .commit();
        }
      };
      const sheets = [{ name: t('sheet.scoreboard'), fill: fillBoard }];
      // Team games: a second sheet with each member's own solves and points (per-player progress).
      if (!solo) sheets.push({ name: t('sheet.players'), fill: memberSheet(board.model.items, rosters, t) });
      if (withAdjustments) {
        sheets.push({ name: t('sheet.adjustments'), fill: adjustmentSheet(board.model.items, challenges, t) });
      }
      const stream = await streamWorkbook(sheets);
      return { disposition: fileName('Scoreboard', game.title, gameId), stream };
    },

    /** Every submission, oldest first: time (UTC), team, user, challenge, answer as typed, status. */
    async submissions(gameId: number, language: Language): Promise<Sheet> {
      const game = await startedGame(gameId);
      const t = (key: MessageKey) => translate(language, key);
      const fill: FillSheet = async (sheet, output) => {
        sheet.columns = [
          { width: 22, style: { numFmt: TIME_FORMAT } },
          { width: 24 },
          { width: 18 },
          { width: 28 },
          { width: 48 },
          { width: 16 },
        ];
        header(sheet, [
          t('sheet.time'),
          t('sheet.team'),
          t('sheet.user'),
          t('sheet.challenge'),
          t('sheet.answer'),
          t('sheet.status'),
        ]);
        let after: { submittedAt: Date; id: string } | null = null;
        for (;;) {
          const page = await repository.submissionsAfter(gameId, after, SUBMISSION_PAGE);
          for (const s of page) {
            // Text cells stay text: an answer such as "=HYPERLINK(…)" is never stored as a formula.
            sheet.addRow([s.submittedAt, s.teamName, s.userName ?? '', s.challengeTitle, s.answer, s.status]).commit();
          }
          const last = page.at(-1);
          if (!last || page.length < SUBMISSION_PAGE || !(await output.ready())) break;
          after = { submittedAt: last.submittedAt, id: last.id };
        }
      };
      const stream = await streamWorkbook([{ name: t('sheet.submissions'), fill }]);
      return { disposition: fileName('Submissions', game.title, gameId), stream };
    },
  };
}
export type SheetService = ReturnType<typeof createSheetService>;
