import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { setColorScheme } from './color-scheme';

/** The rule sets every screen is held to: WCAG 2.1 A and AA, and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** One rule a screen breaks, with the nodes that break it, in words a failing test can print. */
export interface AxeFinding {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe on the page as it is now (or on `include`, a selector, such as an open dialog) and
 * answers what it finds, named by `screen`. Nothing is excluded and no rule is turned off.
 */
export async function axeFindings(page: Page, screen: string, include?: string): Promise<AxeFinding[]> {
  let builder = new AxeBuilder({ page }).withTags(axeTags);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact ?? 'unknown',
    help: violation.help,
    nodes: violation.nodes.map((node) => ({
      target: node.target.map(String).join(' '),
      summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
    })),
  }));
}

/** A short report of findings: one line per rule and screen, then the nodes. */
export function describeFindings(findings: readonly AxeFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.screen}: ${finding.rule} (${finding.impact}) ${finding.help}\n` +
        finding.nodes.map((node) => `    ${node.target} — ${node.summary}`).join('\n'),
    )
    .join('\n');
}

/** The page as it is now passes axe in the light scheme and in the dark one (left in dark). */
export async function expectAxeCleanInBothSchemes(page: Page, screen: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await setColorScheme(page, scheme);
    const findings = await axeFindings(page, `${screen} (${scheme})`);
    expect(findings, describeFindings(findings)).toEqual([]);
  }
}
