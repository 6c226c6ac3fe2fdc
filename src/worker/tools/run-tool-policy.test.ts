import { describe, expect, it } from 'vitest';
import { z } from '../../shared/schema/zod';
import { AGENT_MODES, PROMPT_TIERS } from '../../shared/protocol/agent-modes';
import { defineTool, type ToolDefinition, type ToolEffect } from './define-tool';
import { createRunTools, mayCallRun, type RunToolScope } from './run-tool-policy';
import { createToolRegistry } from './tool-registry';

/** A tool as a site would declare it; `execute` is never reached by these tests. */
function tool(
  name: string,
  effect: ToolEffect,
  extra: Partial<Pick<ToolDefinition<unknown>, 'modes' | 'tiers' | 'sites'>> = {},
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
const click = tool('click', 'page-action', { modes: ['act', 'dev'] });
const inspectStyles = tool('inspect_element_styles', 'read', {
  modes: ['dev'],
  tiers: ['mid', 'full'],
});
const readPage = tool('read_page', 'read');
const screenshot = tool('screenshot', 'read', { tiers: ['full'] });
const otherSite = tool('read_document', 'read', { sites: ['typst'] });
const registry = createToolRegistry([click, inspectStyles, readPage, screenshot, otherSite]);

const scope = (mode: RunToolScope['mode'], tier: RunToolScope['tier'] = 'full'): RunToolScope => ({
  siteId: 'web',
  mode,
  tier,
});
const offeredNames = (runScope: RunToolScope) =>
  createRunTools(registry, runScope)
    .offered.all()
    .map((offered) => offered.name);

describe('mayCallRun', () => {
  it('refuses an Act-only tool in Ask mode with TOOL_NOT_IN_MODE and tells the model to send the person to Act', () => {
    const verdict = mayCallRun(registry, scope('ask'), 'click');
    expect(verdict).toMatchObject({ ok: false, code: 'TOOL_NOT_IN_MODE' });
    const message = verdict.ok ? '' : verdict.message;
    expect(message).toContain('The person chose Ask mode');
    expect(message).toContain('Switch to Act mode to let me do that.');
    expect(message).toContain('Do not call it again');
    expect(offeredNames(scope('ask'))).not.toContain('click');
  });

  it('lets the same call run in Act and Dev mode', () => {
    for (const mode of ['act', 'dev'] as const) {
      const verdict = mayCallRun(registry, scope(mode), 'click');
      expect(verdict.ok && verdict.tool).toBe(click);
      expect(offeredNames(scope(mode))).toContain('click');
    }
  });

  it('sends the person to Dev mode for a Dev-only tool called in Act or Ask mode', () => {
    for (const mode of ['ask', 'act'] as const) {
      const verdict = mayCallRun(registry, scope(mode), 'inspect_element_styles');
      expect(verdict).toMatchObject({ ok: false, code: 'TOOL_NOT_IN_MODE' });
      expect(verdict.ok ? '' : verdict.message).toContain('Switch to Dev mode');
    }
    expect(mayCallRun(registry, scope('dev', 'mid'), 'inspect_element_styles').ok).toBe(true);
  });

  it('keeps UNKNOWN_TOOL for names no tool of the site has, listing only what the run offers', () => {
    for (const name of ['delete_everything', '__proto__', 'read_document', 'CLICK']) {
      const verdict = mayCallRun(registry, scope('ask', 'mid'), name);
      expect(verdict, name).toMatchObject({ ok: false, code: 'UNKNOWN_TOOL' });
      expect(verdict.ok ? '' : verdict.message).toContain('Available tools: read_page.');
    }
  });

  it('never offers a tool that changes the page in Ask mode, whatever it declares', () => {
    const sneaky = tool('type_text', 'page-action', { modes: ['ask', 'act'] });
    const undeclared = tool('press_keys', 'page-action');
    const edit = tool('replace_lines', 'editor-write');
    const withSneaky = createToolRegistry([sneaky, undeclared, edit, readPage]);
    for (const name of ['type_text', 'press_keys', 'replace_lines']) {
      expect(mayCallRun(withSneaky, scope('ask'), name), name).toMatchObject({
        ok: false,
        code: 'TOOL_NOT_IN_MODE',
      });
      expect(mayCallRun(withSneaky, scope('act'), name).ok, name).toBe(true);
    }
  });

  it('refuses a tool above the model tier with TOOL_NOT_IN_TIER', () => {
    const verdict = mayCallRun(registry, scope('ask', 'mid'), 'screenshot');
    expect(verdict).toMatchObject({ ok: false, code: 'TOOL_NOT_IN_TIER' });
    expect(verdict.ok ? '' : verdict.message).toContain('prompt tier is Mid');
    expect(mayCallRun(registry, scope('ask', 'full'), 'screenshot').ok).toBe(true);
  });

  it('ignores modes on a site without the mode control', () => {
    expect(mayCallRun(registry, scope(null, 'mid'), 'click').ok).toBe(true);
    expect(mayCallRun(registry, scope(null, 'mid'), 'inspect_element_styles').ok).toBe(true);
  });

  it('offers exactly the tools whose calls may run, in registry order, for every mode and tier', () => {
    for (const mode of [null, ...AGENT_MODES]) {
      for (const tier of PROMPT_TIERS) {
        const runScope = scope(mode, tier);
        const allowed = registry
          .all()
          .filter((candidate) => mayCallRun(registry, runScope, candidate.name).ok)
          .map((candidate) => candidate.name);
        expect(offeredNames(runScope), `${String(mode)}/${tier}`).toEqual(allowed);
      }
    }
    expect(offeredNames(scope('ask', 'compact'))).toEqual(['read_page']);
    expect(offeredNames(scope('dev', 'full'))).toEqual([
      'click',
      'inspect_element_styles',
      'read_page',
      'screenshot',
    ]);
  });
});
