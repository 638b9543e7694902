/**
 * Flag-sharing evidence (issue 29; docs/operations.md, "Flag-sharing evidence"): pure rules that turn a game's
 * recorded activity into cases, one per suspicious pair of teams (or one team alone for a solve made before the
 * team could have seen the challenge). Each signal has a strength in [0, 1]; a case combines its signals as
 * independent hints: strength = 1 − Π(1 − sᵢ) (a "noisy or"), so no number of weak hints reaches certainty and
 * one strong hint dominates. Nothing here reads the clock or the database.
 */

export type SignalKind =
  | 'WrongTeamFlag'
  | 'SolveBeforeAccess'
  | 'SameWrongAnswer'
  | 'SharedAddress'
  | 'SharedFingerprint'
  | 'CloseSolveSequence';

export interface Signal {
  kind: SignalKind;
  strength: number;
  /** Epoch milliseconds of the events the signal rests on. */
  times: number[];
  challengeId?: number;
  /** What was shared: the answer, the address, the fingerprint, or the number of close solves. */
  detail: string;
}

export interface EvidenceCase {
  /** "a-b" with a < b for a pair, "a" for one team. */
  key: string;
  participationIds: number[];
  strength: number;
  signals: Signal[];
}

/** The strength of each kind of signal at its strongest (see the functions below for how it is scaled). */
export const STRENGTH = {
  WrongTeamFlag: 0.95,
  SolveBeforeAccess: 0.5,
  SameWrongAnswer: 0.4,
  SharedAddress: 0.3,
  SharedFingerprint: 0.1,
} as const;

/** A shared answer, address or fingerprint seen from more teams than this is common (a guess, a campus NAT). */
export const CROWD = 4;
/** Close solves: each within this of the other team's solve of the same challenge. */
export const CLOSE_WINDOW_MS = 5 * 60_000;
/** Close solves: fewer than this many in the same order is chance. */
export const CLOSE_MIN = 3;

export interface WrongTeamFlagRow {
  submitParticipationId: number;
  sourceParticipationId: number;
  challengeId: number;
  at: number;
  answer: string;
}
export interface WrongAnswerRow {
  participationId: number;
  challengeId: number;
  answer: string;
  at: number;
}
export interface SolveRow {
  participationId: number;
  challengeId: number;
  at: number;
}
export interface SessionRow {
  participationId: number;
  ip: string | null;
  userAgent: string | null;
  language: string | null;
  at: number;
}
/** The first time a team could see a challenge's content: an attachment download or an instance start. */
export interface AccessRow {
  participationId: number;
  challengeId: number;
  at: number;
}

export interface EvidenceInput {
  wrongTeamFlags: WrongTeamFlagRow[];
  wrongAnswers: WrongAnswerRow[];
  solves: SolveRow[];
  sessions: SessionRow[];
  accesses: AccessRow[];
  /** Challenges whose content needs an attachment or an instance (others can be solved from the text). */
  gatedChallengeIds: number[];
}

/** Answers compared as typed answers are: case, surrounding and repeated white space do not matter. */
export const normaliseAnswer = (answer: string) => answer.trim().replace(/\s+/g, ' ').toLowerCase();

/** 1 − Π(1 − sᵢ), rounded to three places. */
export function combineStrength(strengths: number[]): number {
  const miss = strengths.reduce((product, s) => product * (1 - Math.min(1, Math.max(0, s))), 1);
  return Math.round((1 - miss) * 1000) / 1000;
}

/** A value shared by n teams: full strength for two, less as the crowd grows, none beyond CROWD. */
export function crowdScaled(base: number, teams: number): number {
  if (teams < 2 || teams > CROWD) return 0;
  return Math.round(((base * 2) / teams) * 1000) / 1000;
}

type Emit = (participations: number[], signal: Signal) => void;

/** Each pair among the given teams, with a < b. */
function pairs(ids: number[]): [number, number][] {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const out: [number, number][] = [];
  for (let i = 0; i < sorted.length; i++)
    for (let j = i + 1; j < sorted.length; j++) out.push([sorted[i] as number, sorted[j] as number]);
  return out;
}

export function wrongTeamFlagSignals(rows: WrongTeamFlagRow[], emit: Emit): void {
  for (const r of rows)
    emit([r.submitParticipationId, r.sourceParticipationId], {
      kind: 'WrongTeamFlag',
      strength: STRENGTH.WrongTeamFlag,
      times: [r.at],
      challengeId: r.challengeId,
      detail: r.answer,
    });
}

/** Group rows by a key, keeping for each team its earliest time. */
function groupByTeam<T extends { participationId: number; at: number }>(rows: T[], key: (row: T) => string | null) {
  const groups = new Map<string, Map<number, number>>();
  for (const row of rows) {
    const k = key(row);
    if (k === null) continue;
    const teams = groups.get(k) ?? new Map<number, number>();
    const seen = teams.get(row.participationId);
    if (seen === undefined || row.at < seen) teams.set(row.participationId, row.at);
    groups.set(k, teams);
  }
  return groups;
}

function sharedValueSignals(
  groups: Map<string, Map<number, number>>,
  kind: SignalKind,
  base: number,
  emit: Emit,
  describe: (key: string) => { detail: string; challengeId?: number },
): void {
  for (const [key, teams] of groups) {
    const strength = crowdScaled(base, teams.size);
    if (strength === 0) continue;
    for (const [a, b] of pairs([...teams.keys()]))
      emit([a, b], { kind, strength, times: [teams.get(a) ?? 0, teams.get(b) ?? 0], ...describe(key) });
  }
}

/** (b) The same wrong answer to the same challenge from different teams. */
export function sameWrongAnswerSignals(rows: WrongAnswerRow[], emit: Emit): void {
  const groups = groupByTeam(rows, (r) => {
    const answer = normaliseAnswer(r.answer);
    return answer ? `${r.challengeId}\u0000${answer}` : null;
  });
  sharedValueSignals(groups, 'SameWrongAnswer', STRENGTH.SameWrongAnswer, emit, (key) => {
    const [challenge, answer] = key.split('\u0000');
    return { challengeId: Number(challenge), detail: answer ?? '' };
  });
}

/** (c) Sessions of members of different teams from one address, or with one browser fingerprint. */
export function sharedSessionSignals(rows: SessionRow[], emit: Emit): void {
  sharedValueSignals(
    groupByTeam(rows, (r) => r.ip),
    'SharedAddress',
    STRENGTH.SharedAddress,
    emit,
    (detail) => ({ detail }),
  );
  sharedValueSignals(
    // Both parts: a browser sends both; a script or an old session without its language would match too often.
    groupByTeam(rows, (r) => (r.userAgent && r.language ? `${r.userAgent} | ${r.language}` : null)),
    'SharedFingerprint',
    STRENGTH.SharedFingerprint,
    emit,
    (detail) => ({ detail }),
  );
}

/**
 * (a) A solve of a gated challenge before the team's first download or instance start (or with none at all).
 * Paired with the team whose solve of that challenge came just before, when there is one; else the team alone.
 */
export function solveBeforeAccessSignals(input: EvidenceInput, emit: Emit): void {
  const gated = new Set(input.gatedChallengeIds);
  const firstAccess = new Map<string, number>();
  for (const a of input.accesses) {
    const key = `${a.participationId}:${a.challengeId}`;
    const seen = firstAccess.get(key);
    if (seen === undefined || a.at < seen) firstAccess.set(key, a.at);
  }
  for (const solve of input.solves) {
    if (!gated.has(solve.challengeId)) continue;
    const access = firstAccess.get(`${solve.participationId}:${solve.challengeId}`);
    if (access !== undefined && access <= solve.at) continue;
    const before = input.solves
      .filter((s) => s.challengeId === solve.challengeId && s.participationId !== solve.participationId)
      .filter((s) => s.at <= solve.at)
      .sort((x, y) => y.at - x.at)[0];
    const times = access === undefined ? [solve.at] : [solve.at, access];
    emit(before ? [solve.participationId, before.participationId] : [solve.participationId], {
      kind: 'SolveBeforeAccess',
      strength: STRENGTH.SolveBeforeAccess,
      times: before ? [...times, before.at] : times,
      challengeId: solve.challengeId,
      detail: access === undefined ? 'never' : 'before',
    });
  }
}

/** Length of the longest strictly increasing subsequence of the values. */
export function longestIncreasing(values: number[]): number {
  const tails: number[] = [];
  for (const v of values) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((tails[mid] as number) < v) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = v;
  }
  return tails.length;
}

/** Strength of k close solves in the same order: none below CLOSE_MIN, 0.3 at CLOSE_MIN, +0.15 each, ≤ 0.85. */
export function closeSequenceStrength(k: number): number {
  if (k < CLOSE_MIN) return 0;
  return Math.min(0.85, Math.round((0.3 + 0.15 * (k - CLOSE_MIN)) * 100) / 100);
}

/**
 * (d) Two teams' solves improbably close: the challenges both solved, each within CLOSE_WINDOW_MS of the other
 * team's solve, and of those the longest run solved in the same order by both; k ≥ CLOSE_MIN is a signal.
 */
export function closeSolveSignals(solves: SolveRow[], emit: Emit, windowMs = CLOSE_WINDOW_MS): void {
  const byTeam = new Map<number, Map<number, number>>();
  for (const s of solves) {
    const team = byTeam.get(s.participationId) ?? new Map<number, number>();
    team.set(s.challengeId, s.at);
    byTeam.set(s.participationId, team);
  }
  for (const [a, b] of pairs([...byTeam.keys()])) {
    const mine = byTeam.get(a) as Map<number, number>;
    const theirs = byTeam.get(b) as Map<number, number>;
    const close: [number, number][] = [];
    for (const [challenge, at] of mine) {
      const other = theirs.get(challenge);
      if (other !== undefined && Math.abs(other - at) <= windowMs) close.push([at, other]);
    }
    close.sort((x, y) => x[0] - y[0]);
    const k = longestIncreasing(close.map((c) => c[1]));
    const strength = closeSequenceStrength(k);
    if (strength > 0) emit([a, b], { kind: 'CloseSolveSequence', strength, times: close.flat(), detail: String(k) });
  }
}

/** Every case of a game, strongest first. */
export function computeCases(input: EvidenceInput): EvidenceCase[] {
  const cases = new Map<string, EvidenceCase>();
  const emit: Emit = (participations, signal) => {
    const ids = [...new Set(participations)].sort((x, y) => x - y);
    const key = ids.join('-');
    const found = cases.get(key) ?? { key, participationIds: ids, strength: 0, signals: [] };
    found.signals.push(signal);
    cases.set(key, found);
  };
  wrongTeamFlagSignals(input.wrongTeamFlags, emit);
  solveBeforeAccessSignals(input, emit);
  sameWrongAnswerSignals(input.wrongAnswers, emit);
  sharedSessionSignals(input.sessions, emit);
  closeSolveSignals(input.solves, emit);
  for (const c of cases.values()) {
    c.signals.sort((x, y) => y.strength - x.strength);
    c.strength = combineStrength(c.signals.map((s) => s.strength));
  }
  return [...cases.values()].sort((x, y) => y.strength - x.strength || x.key.localeCompare(y.key));
}
