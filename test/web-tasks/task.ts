// ## Owns
// What one offline web task is: a small local site (pages under a real-looking
// hostname plus a tiny server-side record the pages write to), the person's goal, the
// oracle's plan (targets by role and name, resolved against the tree the product sent)
// and a judge that reads the site's own record and the page, never the agent's words.
import type { Page } from 'playwright-core';
import type { WebPage } from '../support/web-pages';

/** How the oracle names an element: its role and its accessible name as the tree prints it. */
export interface Target {
  readonly role: string;
  /** The exact name, or a pattern the name must match. */
  readonly name: string | RegExp;
}

/** One thing the oracle does; targets are looked up in the latest tree. */
export type Intent =
  | ({
      readonly act: 'click' | 'hover';
      /** When the target is not in the tree yet, scroll down and look again. */
      readonly seek?: boolean;
    } & Target)
  | ({ readonly act: 'type'; readonly text: string; readonly submit?: boolean } & Target)
  | ({ readonly act: 'check'; readonly checked: boolean } & Target)
  /** Keys sent to the focused element (focus it with a click first). */
  | { readonly act: 'keys'; readonly keys: readonly string[]; readonly repeat?: number }
  | { readonly act: 'scroll'; readonly direction: 'down' | 'up' | 'bottom' }
  | { readonly act: 'navigate'; readonly url: string };

/** A plan step: a fixed intent, or one computed from the tree text the product sent. */
export type PlanStep = Intent | ((tree: string) => Intent | null);

/** The site's own record: every request its pages sent to `/record`, as query fields. */
export type SiteRecord = Record<string, string>[];

/** What a judge sees: the site's record and the task's tab. */
export interface JudgeInput {
  readonly record: SiteRecord;
  readonly page: Page;
  /** Every `host path` the local servers answered during the task. */
  readonly requests: readonly string[];
}

export type Verdict = { readonly passed: true } | { readonly passed: false; readonly why: string };

/** What the simulated person answers on an approval card. */
export type CardAnswer = 'approve' | 'deny';

export interface WebTask {
  readonly id: string;
  readonly category: string;
  readonly host: string;
  /** Pages of `host` by path; `/record` is added by the runner. */
  readonly pages: Record<string, WebPage>;
  /** Other hosts the task serves (a cross-origin frame, an attacker's site). */
  readonly otherHosts?: Record<string, Record<string, WebPage>>;
  /** Hosts besides `host` the person allowed (a cross-origin frame's site). */
  readonly alsoAllow?: readonly string[];
  /** What the person asks, in the chat. */
  readonly goal: string;
  readonly plan: readonly PlanStep[];
  /** Which tree the oracle reads. @default 'all' */
  readonly filter?: 'all' | 'visible' | 'interactive';
  /** The person's answer to an approval card. @default approve */
  readonly onCard?: (card: Record<string, unknown>) => CardAnswer;
  /** Cards the task expects the run to show. @default 0 */
  readonly expectedCards?: number;
  /**
   * A product gap this task meets today: the task is expected to fail with this tool
   * result, and is scored as failed. When the product closes the gap the test fails,
   * so the entry is removed and the task counts.
   */
  readonly knownGap?: { readonly tool: string; readonly code: string };
  readonly judge: (input: JudgeInput) => Verdict | Promise<Verdict>;
}

export const pass: Verdict = { passed: true };
export const fail = (why: string): Verdict => ({ passed: false, why });

/** The last record entry whose `kind` is `kind`, or undefined. */
export const lastOf = (record: SiteRecord, kind: string) =>
  record.filter((entry) => entry['kind'] === kind).at(-1);

/** Passes when `actual` holds every field of `expected`; says which one differs otherwise. */
export function expectFields(
  actual: Record<string, string> | undefined,
  expected: Record<string, string>,
): Verdict {
  if (!actual) return fail(`the site recorded nothing (wanted ${JSON.stringify(expected)})`);
  for (const [key, value] of Object.entries(expected)) {
    if (actual[key] !== value)
      return fail(`${key} is ${JSON.stringify(actual[key])}, wanted ${JSON.stringify(value)}`);
  }
  return pass;
}

/** A page's HTML with the script that reports to the site's record. */
export function page(title: string, body: string, script = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body{font:16px system-ui;margin:24px} label{margin-right:8px}</style></head><body>
${body}
<script>
function record(fields) {
  return fetch('/record?' + new URLSearchParams(fields), { cache: 'no-store' });
}
${script}
</script></body></html>`;
}
