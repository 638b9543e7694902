import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, evaluated in the page (a DevTools evaluation, so the page's CSP does not block it). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 level A and AA rules: what the conformance target (docs/accessibility.md) covers. */
export const WCAG_21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  /** CSS selectors of the failing elements with axe's summary of each failure. */
  nodes: Array<{ target: string; summary: string }>;
}

interface AxeResult {
  violations: Array<{
    id: string;
    impact?: string | null;
    help: string;
    nodes: Array<{ target: unknown[]; failureSummary?: string }>;
  }>;
}

/** Runs the WCAG 2.1 A and AA rules of axe-core on the page as it is now. */
export async function scanPage(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(axeSource);
  const result = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] },
      ),
    WCAG_21_AA_TAGS,
  )) as AxeResult;
  return result.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
    })),
  }));
}

/** One line per failing element: `page [variant] rule (impact): selector: summary`. */
export function formatViolations(where: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => `${where} ${violation.rule} (${violation.impact}): ${node.target}: ${node.summary}`),
  );
}
