import type { ChallengeInfo, ChallengeItem } from '@flagpole/contract';
import { WIDTHS } from './scoreboard-layout';

type SolveType = ChallengeItem['type'];

/** The colour of each kind of mark, as the canvas takes it (resolved from the page's CSS variables). */
export type MarkColors = Record<SolveType, string>;

/** The CSS variable each kind of mark is drawn in: the same as the legend's marks (scoreboard-table.module.css). */
export const MARK_COLOR_VARIABLES: Record<SolveType, string> = {
  FirstBlood: '--blood-first',
  SecondBlood: '--blood-second',
  ThirdBlood: '--blood-third',
  Normal: '--mantine-color-teal-5',
  Unaccepted: '--mantine-color-dimmed',
};

/** A mark to draw: its kind and the left edge of its column, in px from the first drawn column. */
export interface PlacedMark {
  type: SolveType;
  x: number;
}

/** The marks of a row's drawn columns (`from` to `to`, exclusive): one per solved challenge, at its column. */
export function placeMarks(
  challenges: readonly Pick<ChallengeInfo, 'id'>[],
  solves: ReadonlyMap<number, Pick<ChallengeItem, 'type'>>,
  from: number,
  to: number,
): PlacedMark[] {
  const marks: PlacedMark[] = [];
  for (let index = from; index < Math.min(to, challenges.length); index++) {
    const challenge = challenges[index];
    const solve = challenge && solves.get(challenge.id);
    if (solve) marks.push({ type: solve.type, x: (index - from) * WIDTHS.challenge });
  }
  return marks;
}

/** What of a 2D context the marks need (a test passes a recorder). */
export type MarkPainter = Pick<
  CanvasRenderingContext2D,
  'save' | 'restore' | 'translate' | 'rotate' | 'fillRect' | 'beginPath' | 'roundRect' | 'fill'
> & { fillStyle: CanvasRenderingContext2D['fillStyle'] };

/**
 * Draws marks as the legend's CSS draws them, each in the middle of its 32 px column of a row `height` px high: a
 * check (the right and bottom edges of a 6 × 11 box turned 45°, a little above the middle) for a solve, a drop (a
 * 10 × 10 box with three round corners turned 45°, a little below) for a blood.
 */
export function drawMarks(painter: MarkPainter, marks: readonly PlacedMark[], colors: MarkColors, height: number) {
  for (const { type, x } of marks) {
    const blood = type.endsWith('Blood');
    painter.save();
    painter.fillStyle = colors[type];
    painter.translate(x + WIDTHS.challenge / 2, height / 2 + (blood ? 1.5 : -1.5));
    painter.rotate(Math.PI / 4);
    if (blood) {
      painter.beginPath();
      painter.roundRect(-5, -5, 10, 10, [0, 5, 5, 5]);
      painter.fill();
    } else {
      painter.fillRect(1, -5.5, 2, 11);
      painter.fillRect(-3, 3.5, 6, 2);
    }
    painter.restore();
  }
}
