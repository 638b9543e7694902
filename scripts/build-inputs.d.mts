/** Types of build-inputs.mjs, for the TypeScript tests that import it. */
export interface BuildTarget {
  name: string;
  workspace: string;
  output: string;
  inputs: string[];
}
export const repoRoot: string;
export const buildTargets: BuildTarget[];
export function inputFiles(inputs: string[]): string[];
export function fingerprint(inputs: string[]): string;
export function targetFingerprint(target: BuildTarget): string;
export function stampPath(target: BuildTarget): string;
export function isFresh(target: BuildTarget, currentFingerprint?: string): boolean;
