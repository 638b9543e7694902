import { describe, expect, it } from 'vitest';
import { drawMarks, type MarkColors, type MarkPainter, placeMarks } from './solve-marks';

const colors: MarkColors = {
  FirstBlood: 'gold',
  SecondBlood: 'silver',
  ThirdBlood: 'bronze',
  Normal: 'teal',
  Unaccepted: 'grey',
};

/** A painter that writes down what is drawn: a drop or a check, its colour and its middle. */
function recorder() {
  const drawn: string[] = [];
  let at = '';
  const painter: MarkPainter = {
    fillStyle: '',
    save() {},
    restore() {},
    rotate() {},
    beginPath() {},
    translate(x: number, y: number) {
      at = `${x},${y}`;
    },
    roundRect() {
      drawn.push(`drop ${String(painter.fillStyle)} ${at}`);
    },
    fill() {},
    fillRect(x: number) {
      if (x === 1) drawn.push(`check ${String(painter.fillStyle)} ${at}`);
    },
  };
  return { painter, drawn };
}

describe('placeMarks', () => {
  const challenges = [1, 2, 3, 4, 5].map((id) => ({ id }));
  const solves = new Map([
    [2, { type: 'FirstBlood' as const }],
    [4, { type: 'Normal' as const }],
    [5, { type: 'Unaccepted' as const }],
  ]);

  it('places a mark at each solved column drawn, from the first drawn column', () => {
    expect(placeMarks(challenges, solves, 0, 5)).toEqual([
      { type: 'FirstBlood', x: 32 },
      { type: 'Normal', x: 96 },
      { type: 'Unaccepted', x: 128 },
    ]);
    expect(placeMarks(challenges, solves, 2, 4)).toEqual([{ type: 'Normal', x: 32 }]);
    expect(placeMarks(challenges, solves, 3, 9)).toEqual([
      { type: 'Normal', x: 0 },
      { type: 'Unaccepted', x: 32 },
    ]);
  });
});

describe('drawMarks', () => {
  it('draws a drop for a blood and a check for a solve, in its colour, in the middle of its column', () => {
    const { painter, drawn } = recorder();
    drawMarks(
      painter,
      [
        { type: 'SecondBlood', x: 0 },
        { type: 'Normal', x: 32 },
        { type: 'Unaccepted', x: 64 },
      ],
      colors,
      39,
    );
    expect(drawn).toEqual(['drop silver 16,21', 'check teal 48,18', 'check grey 80,18']);
  });
});
