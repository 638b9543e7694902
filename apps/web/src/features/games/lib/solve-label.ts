import type { ChallengeInfo, ChallengeItem } from '@flagpole/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

type SolveType = ChallengeItem['type'];

/** Stand-ins i18next puts where a label's values go; no title, number or date contains them. */
const SLOTS = { challenge: '\u0001', points: '\u0002', time: '\u0003' } as const;
const SLOT_NAMES = new Map<string, keyof typeof SLOTS>(
  Object.entries(SLOTS).map(([name, mark]) => [mark, name as keyof typeof SLOTS]),
);

/** A translated label cut at its values: literal text, and the names of the values between. */
function parts(template: string): { text: string[]; values: (keyof typeof SLOTS)[] } {
  const text: string[] = [''];
  const values: (keyof typeof SLOTS)[] = [];
  for (const char of template) {
    const name = SLOT_NAMES.get(char);
    if (name) {
      values.push(name);
      text.push('');
    } else text[text.length - 1] += char;
  }
  return { text, values };
}

export type SolveLabeler = (challenge: Pick<ChallengeInfo, 'title'>, solve: ChallengeItem) => string;

/**
 * The label of a solve in the scoreboard's matrix ("Warmup: first blood, 907 points, …"), as `t` would write it,
 * but translated once per solve type and score rather than once per cell: a fling labels hundreds of cells a
 * second. Make one per `t` (one language).
 */
export function solveLabeler(t: TFunction): SolveLabeler {
  const templates = new Map<SolveType, ReturnType<typeof parts>>();
  const points = new Map<number, string>();
  const templateOf = (type: SolveType) => {
    let template = templates.get(type);
    if (!template) {
      template = parts(t(`scoreboard.table.solve.${type}`, SLOTS));
      templates.set(type, template);
    }
    return template;
  };
  const pointsOf = (score: number) => {
    let text = points.get(score);
    if (text === undefined) {
      text = t('scoreboard.points', { count: score });
      points.set(score, text);
    }
    return text;
  };
  return (challenge, solve) => {
    const { text, values } = templateOf(solve.type);
    let label = text[0] ?? '';
    values.forEach((name, index) => {
      const value =
        name === 'challenge'
          ? challenge.title
          : name === 'points'
            ? pointsOf(solve.score)
            : dayjs(solve.time).format('lll');
      label += value + (text[index + 1] ?? '');
    });
    return label;
  };
}

const labelers = new WeakMap<TFunction, SolveLabeler>();

/** The one labeler of a `t` (the rows of a board share its caches). */
export function solveLabelerFor(t: TFunction): SolveLabeler {
  let labeler = labelers.get(t);
  if (!labeler) {
    labeler = solveLabeler(t);
    labelers.set(t, labeler);
  }
  return labeler;
}
