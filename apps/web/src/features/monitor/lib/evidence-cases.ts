import type { EvidenceCase, EvidenceSignal } from '@flagpole/contract';

/** A strength in [0, 1] as a whole percentage for the badge and the bar. */
export function strengthPercent(strength: number): number {
  return Math.round(Math.min(1, Math.max(0, strength)) * 100);
}

/** The colour of a strength: red from 80 %, orange from 50 %, yellow below, so the eye finds the strong cases. */
export function strengthColor(strength: number): 'red' | 'orange' | 'yellow' {
  const percent = strengthPercent(strength);
  if (percent >= 80) return 'red';
  if (percent >= 50) return 'orange';
  return 'yellow';
}

/** Strongest first; among equals the most recently updated first, then by key so the order never flickers. */
function byStrength(a: EvidenceCase, b: EvidenceCase): number {
  return b.strength - a.strength || b.updatedAt - a.updatedAt || a.key.localeCompare(b.key);
}

/** The open cases and the dismissed ones, each strongest first. */
export function splitCases(cases: readonly EvidenceCase[]): { open: EvidenceCase[]; dismissed: EvidenceCase[] } {
  const sorted = [...cases].sort(byStrength);
  return { open: sorted.filter((c) => !c.dismissed), dismissed: sorted.filter((c) => c.dismissed) };
}

/** A case's signals, strongest first; of equal strength the earliest first. */
export function sortSignals(signals: readonly EvidenceSignal[]): EvidenceSignal[] {
  const first = (s: EvidenceSignal) => Math.min(...s.times, Number.POSITIVE_INFINITY);
  return [...signals].sort((a, b) => b.strength - a.strength || first(a) - first(b));
}

/** A signal's times in order, each once (a pair's two solves may share an instant). */
export function signalTimes(signal: EvidenceSignal): number[] {
  return [...new Set(signal.times)].sort((a, b) => a - b);
}

/** The case's teams as one label ("A / B"); the names of teams that no longer exist are simply missing. */
export function teamsLabel(evidence: EvidenceCase): string {
  return evidence.teams.map((team) => team.name).join(' / ');
}
