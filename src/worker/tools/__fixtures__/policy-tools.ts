// Tools as sites declare them, for the run tool policy tests: only their declarations
// matter, so running one fails the test. Never imported by shipped code.
import { z } from '../../../shared/schema/zod';
import type { RunToolScope } from '../run-tool-policy';
import { defineTool, type ToolDefinition, type ToolEffect } from '../define-tool';
import { createToolRegistry } from '../tool-registry';

/** A tool as a site would declare it; `execute` is never reached by these tests. */
export function tool(
  name: string,
  effect: ToolEffect,
  extra: Partial<Pick<ToolDefinition<unknown>, 'modes' | 'tiers' | 'sites' | 'finishes'>> = {},
): ToolDefinition<unknown> {
  return {
    ...defineTool({
      name,
      description: `${name} (test)`,
      arguments: z.strictObject({ ref: z.string().optional() }),
      effect,
      approval: 'automatic',
      async execute() {
        throw new Error(`${name} must not run in a policy test`);
      },
    }),
    ...extra,
  } as ToolDefinition<unknown>;
}

// An act-only page action, as the web face's action tools declare themselves.
export const click = tool('click', 'page-action', { modes: ['act', 'dev'] });
export const inspectStyles = tool('inspect_element_styles', 'read', {
  modes: ['dev'],
  tiers: ['mid', 'full'],
});
export const readPage = tool('read_page', 'read');
export const screenshot = tool('screenshot', 'read', { tiers: ['full'] });
export const otherSite = tool('read_document', 'read', { sites: ['typst'] });
/** A web run's registry: tools of every kind of declaration, and one of another site. */
export const registry = createToolRegistry([click, inspectStyles, readPage, screenshot, otherSite]);

/** The scope of a web run in `mode` with a model of `tier`. */
export const scope = (
  mode: RunToolScope['mode'],
  tier: RunToolScope['tier'] = 'full',
): RunToolScope => ({ siteId: 'web', mode, tier });
