import type { CategoryColumns } from './scoreboard-table';

/*
 * The scoreboard's geometry. Rows are absolutely placed boxes of one fixed height and the columns have fixed
 * widths, so the browser lays out each row on its own (never the whole board) and the virtual lists know where
 * every row and column is without measuring anything.
 */

/** Column widths in px (phones have narrower rank and team columns and no challenge columns). */
export const WIDTHS = { rank: 60, team: 180, phoneRank: 52, phoneTeam: 124, score: 72, solved: 64, challenge: 32 };

/** Row heights in px: a second line under the team name holds its division in the overall view of a board with divisions. */
export const ROW_HEIGHT = 40;
export const ROW_HEIGHT_WITH_DIVISION = 52;

/** Rank, team, score and solved come before the challenge columns. */
export const FIXED_COLUMNS = 4;

export function rowHeightOf(withDivision: boolean): number {
  return withDivision ? ROW_HEIGHT_WITH_DIVISION : ROW_HEIGHT;
}

/** Width of the rank, team, score and solved columns together. */
export function fixedWidth(compact: boolean): number {
  return compact
    ? WIDTHS.phoneRank + WIDTHS.phoneTeam + WIDTHS.score + WIDTHS.solved
    : WIDTHS.rank + WIDTHS.team + WIDTHS.score + WIDTHS.solved;
}

/** The board's full width in px: the fixed columns and, on wide screens, one narrow column per challenge. */
export function boardWidth(compact: boolean, challengeCount: number): number {
  return fixedWidth(compact) + (compact ? 0 : challengeCount * WIDTHS.challenge);
}

/** Approximate px of one character of the category header's extra-small text, for a wide script. */
const HEADER_CHAR_PX = 7.5;
/** The category header's icon, the gap after it and the cell's side padding, in px. */
const HEADER_CHROME_PX = 14 + 4 + 8;

/**
 * Whether a category's name fits in its header above its challenge columns; when it does not (a category of one
 * or two challenges, a long name), the header shows the category's icon alone, named by its label and tooltip.
 */
export function categoryNameFits(group: Pick<CategoryColumns, 'challenges'>, name: string): boolean {
  const width = group.challenges.length * WIDTHS.challenge;
  const wide = [...name].reduce((sum, char) => sum + ((char.codePointAt(0) ?? 0) > 0x2e80 ? 2 : 1), 0);
  return width >= HEADER_CHROME_PX + wide * HEADER_CHAR_PX;
}

/**
 * The key of the pooled row element that shows the row at `index` (0-based) of a window of at most `poolSize`
 * consecutive rows: rows a scroll brings in take the elements of the rows it took out, so React updates their
 * text and attributes instead of building new elements. Consecutive indices never share a slot.
 */
export function rowSlot(index: number, poolSize: number): number {
  return index % poolSize;
}
