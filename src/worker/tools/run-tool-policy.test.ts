import { describe, expect, it } from 'vitest';
import { AGENT_MODES, PROMPT_TIERS } from '../../shared/protocol/agent-modes';
import type { ToolDefinition } from './define-tool';
import { createRunTools, mayCallRun, shownThisRound, type RunToolScope } from './run-tool-policy';
import { createToolRegistry } from './tool-registry';
import { BUILTIN_TOOLS } from './builtin-tools';
import { WORKER_SITES } from '../sites/worker-sites';
import { click, readPage, registry, scope, tool } from './__fixtures__/policy-tools';

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
    // The person's line says what was not done and how to allow it, without the code.
    expect(verdict.ok ? '' : verdict.summary).toBe(
      'This chat is in Ask mode, where the agent only reads the page. To let it do this, choose Act under the message box.',
    );
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
      expect(verdict.ok ? '' : verdict.summary).toMatch(/To let it do this, choose Dev under/);
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

describe('shownThisRound', () => {
  it('shows a tool with a run condition only in rounds where the run calls for it', () => {
    let tabs = 1;
    const listTabs = {
      ...tool('list_tabs', 'read'),
      offerWhileRun: (runId: string) => runId === 'run-1' && tabs > 1,
    };
    const runTools = createRunTools(createToolRegistry([readPage, listTabs]), scope('act'));
    const names = (runId: string) =>
      shownThisRound(runTools.offered.modelTools(), runTools, runId).map((shown) => shown.name);
    expect(names('run-1')).toEqual(['read_page']);
    tabs = 2;
    expect(names('run-1')).toEqual(['read_page', 'list_tabs']);
    expect(names('run-2')).toEqual(['read_page']);
    // Dispatch still knows it: the tool itself answers a call made in another round.
    expect(runTools.check('list_tabs').ok).toBe(true);
  });
});

/**
 * What packaged tools must declare for modes and tiers to mean what the person sees:
 * tiers grow upward (Compact within Mid within Full), Dev offers everything Act does,
 * and only tools of sites with the mode control declare modes.
 */
function declarationProblems(tools: readonly ToolDefinition<unknown>[]): string[] {
  const problems: string[] = [];
  for (const candidate of tools) {
    const tiers = candidate.tiers;
    if (tiers) {
      const lowest = Math.min(...tiers.map((tier) => PROMPT_TIERS.indexOf(tier)));
      if (tiers.length === 0 || PROMPT_TIERS.slice(lowest).some((tier) => !tiers.includes(tier)))
        problems.push(`${candidate.name}: tiers must include every tier above its lowest`);
    }
    const modes = candidate.modes;
    if (modes?.includes('act') && !modes.includes('dev'))
      problems.push(`${candidate.name}: a tool offered in Act is offered in Dev too`);
    if (modes?.length === 0) problems.push(`${candidate.name}: a tool offered in no mode`);
    const sites = WORKER_SITES.filter(
      (part) => candidate.sites === undefined || candidate.sites.includes(part.site.id),
    );
    if (modes && sites.some((part) => part.site.panel.modeControl !== 'agent-mode'))
      problems.push(`${candidate.name}: modes on a site without the mode control`);
  }
  return problems;
}

describe('mode and tier declarations of packaged tools', () => {
  it('hold for every built-in and site tool', () => {
    expect(declarationProblems(BUILTIN_TOOLS)).toEqual([]);
  });

  it('catch each broken declaration', () => {
    const modeSite = WORKER_SITES.find((part) => part.site.panel.modeControl === 'agent-mode');
    const plainSite = WORKER_SITES.find((part) => part.site.panel.modeControl !== 'agent-mode');
    if (!modeSite || !plainSite) throw new Error('expected a site with and one without modes');
    const on = (siteId: string) => ({ sites: [siteId] });
    expect(
      declarationProblems([
        tool('gap', 'read', { tiers: ['compact', 'full'], ...on(modeSite.site.id) }),
        tool('act_only', 'page-action', { modes: ['act'], ...on(modeSite.site.id) }),
        tool('nowhere', 'read', { modes: [], ...on(modeSite.site.id) }),
        tool('plain', 'read', { modes: ['ask'], ...on(plainSite.site.id) }),
        tool('fine', 'page-action', {
          modes: ['act', 'dev'],
          tiers: ['mid', 'full'],
          ...on(modeSite.site.id),
        }),
      ]),
    ).toEqual([
      'gap: tiers must include every tier above its lowest',
      'act_only: a tool offered in Act is offered in Dev too',
      'nowhere: a tool offered in no mode',
      'plain: modes on a site without the mode control',
    ]);
  });
});

describe('runs that owe the person data', () => {
  const finishing = createToolRegistry([
    tool('done', 'read', { modes: ['act', 'dev'], finishes: 'summary' }),
    tool('done_json', 'read', { finishes: 'data' }),
    tool('read_page', 'read'),
  ]);
  const names = (runScope: RunToolScope) =>
    createRunTools(finishing, runScope)
      .offered.all()
      .map((offered) => offered.name);

  it('finish with the data tool in every mode, and never with the summary one', () => {
    for (const mode of AGENT_MODES) {
      expect(names({ ...scope(mode), wantsData: true })).toEqual(['done_json', 'read_page']);
    }
    const verdict = mayCallRun(finishing, { ...scope('act'), wantsData: true }, 'done');
    expect(verdict).toMatchObject({ ok: false, code: 'UNKNOWN_TOOL' });
    expect(verdict.ok ? '' : verdict.message).toContain('done_json');
  });

  it('are the only ones offered the data tool', () => {
    expect(names(scope('act'))).toEqual(['done', 'read_page']);
    expect(names(scope('ask'))).toEqual(['read_page']);
    expect(mayCallRun(finishing, scope('ask'), 'done_json')).toMatchObject({
      code: 'UNKNOWN_TOOL',
    });
  });
});
