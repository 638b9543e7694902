import {
  type ChallengeCategory,
  type FlagMatchType,
  gameLimits,
  hintLimits,
  type ImportNote,
  type ImportNoteKind,
} from '@flagpole/contract';
import type { z } from 'zod';
import { badRequest } from '../http/errors';
import type { ZipArchive } from '../lib/zip-reader';
import { displayFileName } from '../services/asset.service';
import { isUsablePattern } from '../services/flag-match';
import { parseWith, readJsonEntry } from './archive-json';
import {
  CTFD_AWARDS,
  CTFD_CHALLENGES,
  CTFD_CONFIG,
  CTFD_DYNAMIC,
  CTFD_FILES,
  CTFD_FLAGS,
  CTFD_HINTS,
  CTFD_NOTIFICATIONS,
  CTFD_TAGS,
  CTFD_TEAMS,
  CTFD_USERS,
  CtfdAccount,
  CtfdAward,
  CtfdChallenge,
  CtfdConfig,
  CtfdDynamic,
  CtfdFile,
  CtfdFlag,
  CtfdHint,
  CtfdNotification,
  CtfdTag,
  ctfdTable,
  ctfdTime,
  ctfdUpload,
  mapCtfdCategory,
} from './ctfd-format';
import { dropCycles, prerequisitesOf, requirementsOf } from './ctfd-requirements';
import { planCtfdAwards } from './import-awards';
import {
  type ImportPlan,
  PLAN_LIMITS,
  type PlanAttachment,
  type PlanChallenge,
  type PlanFile,
  type PlanFlag,
  type PlanLockedHint,
} from './import-plan';

const DEFAULT_DURATION_MS = 48 * 3_600_000;
export const BUNDLE_NAME = 'attachments.zip';

export interface CtfdReading {
  plan: ImportPlan;
  notes: ImportNote[];
  categories: Array<{ source: string; category: ChallengeCategory; known: boolean }>;
}

export const isCtfdExport = (archive: ZipArchive) => archive.file(CTFD_CHALLENGES) !== undefined;

async function rows<T extends z.ZodType>(archive: ZipArchive, entry: string, row: T): Promise<Array<z.output<T>>> {
  if (!archive.file(entry)) return [];
  return parseWith(ctfdTable(row), await readJsonEntry(archive, entry), entry)?.results ?? [];
}

const shorten = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/**
 * Turns a CTFd export into an import plan: challenges with their flags, hints and files, notifications as
 * notices, the CTF's name and times from its configuration. Whatever Flagpole's model cannot hold as it was is
 * adapted and written down in the notes; the export is otherwise taken as it is (it is checked like any zip).
 */
export async function readCtfdExport(archive: ZipArchive, now: Date): Promise<CtfdReading> {
  const challengeRows = await rows(archive, CTFD_CHALLENGES, CtfdChallenge);
  if (challengeRows.length > PLAN_LIMITS.challenges) {
    throw badRequest('error.importTooManyChallenges', { max: PLAN_LIMITS.challenges });
  }
  const dynamic = new Map((await rows(archive, CTFD_DYNAMIC, CtfdDynamic)).map((d) => [d.id, d]));
  const byChallenge = <T extends { challenge_id?: number | null }>(list: T[]) => {
    const map = new Map<number, T[]>();
    for (const item of list) {
      if (item.challenge_id == null) continue;
      map.set(item.challenge_id, [...(map.get(item.challenge_id) ?? []), item]);
    }
    return map;
  };
  const flags = byChallenge(await rows(archive, CTFD_FLAGS, CtfdFlag));
  const hints = byChallenge(await rows(archive, CTFD_HINTS, CtfdHint));
  const files = byChallenge(
    (await rows(archive, CTFD_FILES, CtfdFile)).filter((f) => (f.type ?? 'challenge') === 'challenge'),
  );
  const tags = byChallenge(await rows(archive, CTFD_TAGS, CtfdTag));
  const config = new Map((await rows(archive, CTFD_CONFIG, CtfdConfig)).map((c) => [c.key, c.value]));

  const challengeIds = new Set(challengeRows.map((row) => row.id));
  const notes: ImportNote[] = [];
  const planFiles = new Map<string, PlanFile>();
  const categories = new Map<string, { source: string; category: ChallengeCategory; known: boolean }>();
  let flagTotal = 0;

  const challenges: PlanChallenge[] = [...challengeRows]
    .sort((a, b) => a.id - b.id)
    .map((row) => {
      const title = (row.name ?? '').trim() || `Challenge ${row.id}`;
      const note = (kind: ImportNoteKind, detail = '') => notes.push({ challenge: title, kind, detail });

      const source = (row.category ?? '').trim() || 'Misc';
      const mapped = mapCtfdCategory(source);
      if (!categories.has(source))
        categories.set(source, { source, category: mapped ?? 'Misc', known: mapped !== null });
      if (!mapped) note('unknownCategory', source);

      const kind = row.type ?? 'standard';
      if (kind !== 'standard' && kind !== 'dynamic') note('unsupportedType', kind);
      const tagValues = (tags.get(row.id) ?? []).flatMap((t) => (t.value ? [t.value] : []));
      if (tagValues.length > 0) note('tagsDropped', tagValues.join(', '));

      let content = row.description ?? '';
      if (row.connection_info?.trim()) content += `\n\n\`${row.connection_info.trim()}\``;
      if (content.length > gameLimits.content.max) {
        content = shorten(content, gameLimits.content.max);
        note('textShortened', 'description');
      }
      let shortTitle = title;
      if (Array.from(title).length > gameLimits.challengeTitle.max) {
        shortTitle = shorten(title, gameLimits.challengeTitle.max).trim();
        note('textShortened', 'name');
      }

      const challengeFlags = flagsOf(flags.get(row.id) ?? [], note);
      flagTotal += challengeFlags.length;
      if (flagTotal > PLAN_LIMITS.flags) throw badRequest('error.importTooManyFlags', { max: PLAN_LIMITS.flags });
      if (challengeFlags.length === 0) note('noFlags');

      const hintRows = hints.get(row.id) ?? [];
      const hintTexts: string[] = [];
      const lockedHints: PlanLockedHint[] = [];
      for (const hint of hintRows.sort((a, b) => a.id - b.id)) {
        if (!hint.content?.trim()) continue;
        // A hint with a cost stays one: a locked Points hint (CTFd charges it at unlock, as the Points model does).
        if ((hint.cost ?? 0) > 0 && lockedHints.length < hintLimits.perChallenge) {
          lockedHints.push(lockedHintOf(hint));
          continue;
        }
        if ((hint.cost ?? 0) > 0) note('hintCostDropped', String(hint.cost));
        if (hint.content.length > gameLimits.hint.max) note('textShortened', 'hint');
        hintTexts.push(shorten(hint.content, gameLimits.hint.max));
      }
      if (hintTexts.length > gameLimits.hints) note('hintsDropped', String(hintTexts.length - gameLimits.hints));

      const { attachment, fileName } = attachmentOf(archive, files.get(row.id) ?? [], planFiles, note);
      return {
        sourceId: row.id,
        title: shortTitle,
        content,
        category: mapped ?? 'Misc',
        type: 'StaticAttachment',
        hints: hintTexts.slice(0, gameLimits.hints),
        lockedHints,
        deadline: null,
        release: null,
        submissionLimit: Math.min(Math.max(row.max_attempts ?? 0, 0), 10_000),
        flagTemplate: null,
        fileName,
        attachment,
        flags: challengeFlags,
        container: null,
        enableTrafficCapture: false,
        disableBloodBonus: false,
        ...scoringOf(row, dynamic.get(row.id), note),
        prerequisites: prerequisitesOf(row, challengeIds, note),
      };
    });
  dropCycles(challenges, notes);

  const notices = (await rows(archive, CTFD_NOTIFICATIONS, CtfdNotification))
    .sort((a, b) => a.id - b.id)
    .flatMap((n) => {
      const text = [n.title?.trim() ? `**${n.title.trim()}**` : '', n.content?.trim() ?? '']
        .filter(Boolean)
        .join('\n\n');
      return text ? [{ content: shorten(text, gameLimits.notice.max), publishedAt: ctfdTime(n.date) ?? now }] : [];
    })
    .slice(-10_000);

  const configured = (key: string) => {
    const value = config.get(key);
    return value === undefined || value === null || value === '' ? undefined : String(value);
  };
  const seconds = (key: string) => {
    const value = Number(configured(key));
    return Number.isFinite(value) && value > 0 ? new Date(value * 1000) : undefined;
  };
  let start = seconds('start') ?? now;
  let end = seconds('end') ?? new Date(start.getTime() + DEFAULT_DURATION_MS);
  if (end <= start) {
    start = now;
    end = new Date(now.getTime() + DEFAULT_DURATION_MS);
  }
  // CTFd's own freeze (seconds), kept when it lies within the game's times.
  const freeze = seconds('freeze');
  const freezeAt = freeze && freeze >= start && freeze <= end ? freeze : null;
  const title = shorten((configured('ctf_name') ?? '').trim(), gameLimits.title.max).trim() || 'CTFd import';
  const named = async (entry: string) =>
    new Map((await rows(archive, entry, CtfdAccount)).flatMap((a) => (a.name ? [[a.id, a.name] as const] : [])));
  const awardRows = (await rows(archive, CTFD_AWARDS, CtfdAward)).map((a) => ({
    ...a,
    value: Math.trunc(a.value ?? 0),
  }));
  const awards = awardRows.length
    ? planCtfdAwards(awardRows, { teams: await named(CTFD_TEAMS), users: await named(CTFD_USERS) }, ctfdTime, now)
    : { awards: [], notes: [] };
  notes.push(...awards.notes);

  return {
    plan: {
      game: {
        title,
        summary: '',
        content: '',
        acceptWithoutReview: false,
        teamMemberCountLimit: 0,
        containerCountLimit: 3,
        start,
        end,
        writeupRequired: false,
        writeupDeadline: end,
        writeupNote: '',
        bloodBonus: 0,
        poster: null,
        flagFormat: null,
        flagFormatCheck: false,
        freezeAt,
        // CTFd's user mode: `users` is a game players enter alone.
        individual: configured('user_mode') === 'users',
        memberProgress: false,
      },
      challenges,
      notices,
      divisions: [],
      awards: awards.awards,
      awardsSkipped: awards.notes.length,
      files: planFiles,
      unused: [],
    },
    notes,
    categories: [...categories.values()],
  };
}

/**
 * CTFd's flags with the same meaning: static flags exact or, with `case_insensitive`, IgnoreCase; regex flags
 * keep their pattern as written and become Regex (RegexIgnoreCase). CTFd accepts an answer when
 * `re.match(pattern, answer)` (anchored at the start) matched all of it (`res.group() == provided`), so the
 * pattern needs no anchors added: Flagpole's regex flags must match the whole answer too. (The one difference:
 * Python takes the first alternative that matches a prefix, so CTFd refuses `ab` for `a|ab`; RE2 accepts it.)
 * A pattern RE2 cannot compile (back-references, look-arounds, Python-only syntax) is left out and noted.
 */
function flagsOf(rows: CtfdFlag[], note: (kind: ImportNoteKind, detail?: string) => void): PlanFlag[] {
  const out = new Map<string, PlanFlag>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const flag = row.content ?? '';
    const ignoreCase = row.data === 'case_insensitive';
    const type = row.type ?? 'static';
    let matchType: FlagMatchType;
    if (type === 'regex') {
      if (!isUsablePattern(flag)) {
        note('regexSkipped', flag);
        continue;
      }
      matchType = ignoreCase ? 'RegexIgnoreCase' : 'Regex';
    } else if (type === 'static') {
      matchType = ignoreCase ? 'IgnoreCase' : 'Exact';
    } else {
      note('flagSkipped', type);
      continue;
    }
    if (usable(flag, note)) out.set(`${matchType}:${flag}`, { flag, matchType, attachment: null });
  }
  return [...out.values()];
}

function usable(flag: string, note: (kind: ImportNoteKind, detail?: string) => void): boolean {
  if (flag.length === 0 || flag.length > gameLimits.flag.max) {
    note('flagSkipped', `${flag.length}`);
    return false;
  }
  return true;
}

/**
 * One file is the attachment as it is; several are bundled into one zip (Flagpole gives a challenge one
 * attachment). Files the export lists but does not hold are skipped and noted.
 */
function attachmentOf(
  archive: ZipArchive,
  rows: Array<z.output<typeof CtfdFile>>,
  planFiles: Map<string, PlanFile>,
  note: (kind: ImportNoteKind, detail?: string) => void,
): { attachment: PlanAttachment | null; fileName: string | null } {
  const present = [];
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const location = row.location ?? '';
    const entry = location ? archive.file(ctfdUpload(location)) : undefined;
    if (!entry) {
      note('fileMissing', location);
      continue;
    }
    present.push({ name: displayFileName(location), entry });
  }
  const [only] = present;
  if (!only) return { attachment: null, fileName: null };
  if (present.length === 1) {
    planFiles.set(only.entry.name, { entry: only.entry });
    return { attachment: { type: 'Local', file: only.entry.name }, fileName: only.name };
  }
  note('filesBundled', String(present.length));
  const used = new Set<string>();
  const parts = present.map(({ name, entry }) => {
    let unique = name;
    for (let n = 2; used.has(unique.toLowerCase()); n += 1) unique = `${n}-${name}`;
    used.add(unique.toLowerCase());
    return { name: unique, entry };
  });
  const key = `bundle:${parts.map((p) => p.entry.name).join('\n')}`;
  planFiles.set(key, { bundle: parts });
  return { attachment: { type: 'Local', file: key }, fileName: BUNDLE_NAME };
}

/**
 * CTFd's static value becomes a score that never decays (minimum rate 1). A decaying challenge keeps its
 * initial and minimum values; its decay (solves until the minimum) becomes the difficulty that brings Flagpole's
 * curve within 5 % of the minimum after that many solves, which is an approximation and noted.
 */
function scoringOf(
  row: CtfdChallenge,
  dynamic: z.output<typeof CtfdDynamic> | undefined,
  note: (kind: ImportNoteKind, detail?: string) => void,
): Pick<PlanChallenge, 'originalScore' | 'minScoreRate' | 'difficulty'> {
  const clampScore = (value: number) => Math.min(Math.max(Math.round(value), 1), 1_000_000);
  const initial = row.initial ?? dynamic?.dynamic_initial ?? dynamic?.initial ?? null;
  const minimum = row.minimum ?? dynamic?.dynamic_minimum ?? dynamic?.minimum ?? null;
  const decay = row.decay ?? dynamic?.dynamic_decay ?? dynamic?.decay ?? null;
  const fn =
    row.function ??
    dynamic?.dynamic_function ??
    dynamic?.function ??
    (row.type === 'dynamic' ? 'logarithmic' : 'static');
  if (fn === 'static' || initial === null || initial <= 0) {
    const value = row.value ?? 0;
    if (value < 1 || value > 1_000_000) note('scoreAdjusted', String(value));
    return { originalScore: clampScore(value), minScoreRate: 1, difficulty: 5 };
  }
  const original = clampScore(initial);
  const rate = Math.min(Math.max((minimum ?? 0) / original, 0), 1);
  // Linear decay is points per solve; logarithmic decay is the number of solves that reaches the minimum.
  const solvesToMinimum =
    fn === 'linear' ? (original - (minimum ?? 0)) / Math.max(decay ?? 1, 1) : Math.max(decay ?? 1, 1);
  const difficulty = Math.min(Math.max(Math.round(((solvesToMinimum - 1) / 3) * 100) / 100, 0.1), 1000);
  note('scoreAdjusted', `${fn}:${initial}/${minimum ?? 0}/${decay ?? 0}`);
  return { originalScore: original, minScoreRate: rate, difficulty };
}

/** The first prerequisite of a CTFd hint's `requirements` (object or JSON text), or null. */
function firstPrerequisite(requirements: unknown): number | null {
  const list = requirementsOf(requirements)?.prerequisites;
  const first = Array.isArray(list) ? list[0] : undefined;
  return typeof first === 'number' && Number.isInteger(first) ? first : null;
}

function lockedHintOf(hint: z.infer<typeof CtfdHint>): PlanLockedHint {
  const title = shorten((hint.title ?? '').trim() || `Hint ${hint.id}`, hintLimits.title.max).trim();
  return {
    sourceId: hint.id,
    title,
    content: shorten(hint.content ?? '', hintLimits.content.max),
    kind: 'Points',
    cost: Math.min(hint.cost ?? 0, hintLimits.points.max),
    requiresSourceId: firstPrerequisite(hint.requirements),
  };
}
