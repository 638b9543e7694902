// @ts-check
// Hints with a cost and prerequisites (issue 28) between challenge files and Flagpole: read from ctfcli's
// `hints` ({content, cost, title}) and `requirements` (names), compared with the server's, written back by export.

/**
 * @typedef {{ title: string, content: string, kind: 'Points' | 'RewardShare' | 'FreeAfter', cost: number, freeAt: number | null }} DesiredHint
 * @typedef {{ titles: string[], count: number | null, hidden: boolean }} DesiredPrerequisites
 * @typedef {{ id: number, title: string, content: string, kind: string, cost: number, freeAt: number | null }} RemoteHint
 */

/**
 * ctfcli's hints: a text, or `{content, cost, title}`; a cost makes a locked Points hint (CTFd's model), titled
 * "Hint N" (its place in the list) unless given. Flagpole's `kind` (RewardShare: `cost` is a percentage;
 * FreeAfter: opens at `free_at`) chooses another model. Free ones stay the always-shown texts.
 * @param {unknown[] | undefined} list
 * @param {(field: string, message: string) => void} note
 * @returns {{ hints: string[], lockedHints: DesiredHint[] }}
 */
export function hintsOfCtfcli(list, note) {
  /** @type {string[]} */
  const hints = [];
  /** @type {DesiredHint[]} */
  const lockedHints = [];
  for (const [index, entry] of (list ?? []).entries()) {
    if (typeof entry === 'string') {
      hints.push(entry);
      continue;
    }
    const hint =
      /** @type {{ content: string, cost?: number, title?: string, kind?: DesiredHint['kind'], free_at?: string }} */ (
        entry
      );
    const kind = hint.kind ?? (hint.cost ? 'Points' : undefined);
    if (!kind) {
      if (hint.title) note(`hints.${index}.title`, 'title skipped: a hint without a cost is a free text');
      hints.push(hint.content);
      continue;
    }
    lockedHints.push({
      title: hint.title?.trim() || `Hint ${index + 1}`,
      content: hint.content,
      kind,
      cost: kind === 'FreeAfter' ? 0 : (hint.cost ?? 0),
      freeAt: kind === 'FreeAfter' && hint.free_at ? Date.parse(hint.free_at) : null,
    });
  }
  return { hints, lockedHints };
}

/**
 * ctfcli's `requirements`: a list of challenge names, or `{prerequisites: [names], anonymize}`. CTFd opens the
 * challenge once all are solved and until then hides it, or with `anonymize` lists it locked. Flagpole's
 * `flagpole.requirements` may ask for any `count` of them and say `hidden` itself. Numbers (CTFd ids) cannot
 * be resolved in a folder and are noted.
 * @param {unknown} requirements @param {{ count?: number, hidden?: boolean } | undefined} extension
 * @param {(field: string, message: string) => void} note
 * @returns {DesiredPrerequisites | null}
 */
export function prerequisitesOfCtfcli(requirements, extension, note) {
  if (requirements === undefined || requirements === null) return null;
  const object = /** @type {{ prerequisites?: unknown[], anonymize?: boolean }} */ (
    Array.isArray(requirements) ? { prerequisites: requirements } : requirements
  );
  /** @type {string[]} */
  const titles = [];
  for (const name of object.prerequisites ?? []) {
    if (typeof name === 'string' && !titles.includes(name)) titles.push(name);
    else if (typeof name !== 'string') note('requirements', `${name}: a CTFd id, not a name: skipped`);
  }
  if (titles.length === 0) return null;
  return {
    titles,
    count: extension?.count ?? null,
    hidden: extension?.hidden ?? object.anonymize !== true,
  };
}

const hintKey = (/** @type {DesiredHint | RemoteHint} */ h) =>
  JSON.stringify([h.title, h.content, h.kind, h.cost, h.freeAt]);

/**
 * The locked hints to add and to delete so the server holds `wanted` (the server has no hint update: a changed
 * hint is deleted and added again, its unlocks going with it). Undefined `wanted`: the file says nothing.
 * @param {DesiredHint[] | undefined} wanted @param {RemoteHint[] | undefined} current
 */
export function diffHints(wanted, current) {
  if (wanted === undefined) return { addHints: [], removeHints: [] };
  const have = current ?? [];
  const haveKeys = new Set(have.map(hintKey));
  const wantedKeys = new Set(wanted.map(hintKey));
  return {
    addHints: wanted.filter((h) => !haveKeys.has(hintKey(h))),
    removeHints: have.filter((h) => !wantedKeys.has(hintKey(h))).map((h) => ({ id: h.id, title: h.title })),
  };
}

/**
 * The server's prerequisites in the file's terms (required challenges by title), for comparing and exporting.
 * @param {{ challengeIds: number[], count: number | null, hidden: boolean } | null | undefined} rule
 * @param {Map<number, string>} titleOf
 * @returns {DesiredPrerequisites | null}
 */
export function prerequisitesByTitle(rule, titleOf) {
  if (!rule || rule.challengeIds.length === 0) return null;
  return {
    titles: rule.challengeIds.map((id) => titleOf.get(id) ?? `#${id}`),
    count: rule.count,
    hidden: rule.hidden,
  };
}

/** @param {DesiredPrerequisites | null} rule */
export const prerequisitesKey = (rule) =>
  rule ? JSON.stringify([[...rule.titles].sort(), rule.count, rule.hidden]) : 'none';

/**
 * The file fields for a challenge's locked hints and prerequisites, as `hintsOfCtfcli` and
 * `prerequisitesOfCtfcli` read them back.
 * @param {RemoteHint[]} lockedHints @param {DesiredPrerequisites | null} prerequisites
 */
export function scoringYaml(lockedHints, prerequisites) {
  const hints = lockedHints.map((h) => ({
    title: h.title,
    content: h.content,
    ...(h.kind === 'Points' ? {} : { kind: h.kind }),
    ...(h.kind === 'FreeAfter' ? (h.freeAt ? { free_at: new Date(h.freeAt).toISOString() } : {}) : { cost: h.cost }),
  }));
  if (!prerequisites) return { hints, requirements: undefined, extension: undefined };
  return {
    hints,
    requirements: { prerequisites: prerequisites.titles, anonymize: !prerequisites.hidden },
    extension: prerequisites.count === null ? undefined : { count: prerequisites.count },
  };
}
