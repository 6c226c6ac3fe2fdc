// The compact prompt's goal as a test: what a web request carries before any chat or
// page text stays within a third of the strongest peer's per request, at every tier
// and mode, and each smaller tier carries less. A tool or prompt change that breaks
// the budget fails here with the figures.
import { describe, expect, it } from 'vitest';
import { AGENT_MODES, isModeAvailable, PROMPT_TIERS } from '../../../shared/protocol/agent-modes';
import { BUILTIN_TOOLS } from '../../../worker/tools/builtin-tools';
import { createToolRegistry } from '../../../worker/tools/tool-registry';
import { FULL_TIER_BUDGET_CHARS, webRequestSize as sizeOf } from './__fixtures__/web-request-size';
import { workerSite } from './web.worker';

const webRequestSize: typeof sizeOf = (mode, tier) => sizeOf(mode, tier, BUILTIN_TOOLS);

describe('web request size', () => {
  it('keeps the Full tier within the budget in every mode', () => {
    for (const mode of AGENT_MODES) {
      const size = webRequestSize(mode, 'full');
      expect(size.totalChars, `${mode}: ${JSON.stringify(size)}`).toBeLessThanOrEqual(
        FULL_TIER_BUDGET_CHARS,
      );
    }
  });

  it('sends less at each smaller tier', () => {
    for (const mode of AGENT_MODES) {
      const [compact, mid, full] = PROMPT_TIERS.map((tier) => webRequestSize(mode, tier));
      if (isModeAvailable(mode, 'compact'))
        expect(compact?.totalChars, mode).toBeLessThan(mid?.totalChars ?? 0);
      expect(mid?.totalChars, mode).toBeLessThan(full?.totalChars ?? 0);
    }
  });

  it('measures in the bench the tools a web run can get (the packaged ones for the web)', () => {
    const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name).sort();
    expect(names(createToolRegistry(BUILTIN_TOOLS).forSite('web').all())).toEqual(
      names(workerSite.tools),
    );
  });

  it('adds the working-memory tools only to long tasks, and only in Act and Dev', () => {
    for (const mode of ['act', 'dev'] as const) {
      const first = webRequestSize(mode, 'full');
      const long = sizeOf(mode, 'full', BUILTIN_TOOLS, true);
      expect(long.toolCount - first.toolCount, mode).toBe(3);
      expect(long.toolChars, mode).toBeGreaterThan(first.toolChars);
    }
    expect(sizeOf('ask', 'full', BUILTIN_TOOLS, true).toolCount).toBe(
      webRequestSize('ask', 'full').toolCount,
    );
  });

  it('counts the tools the run offers: none that act in Ask mode', () => {
    expect(webRequestSize('ask', 'full').toolCount).toBeLessThan(
      webRequestSize('act', 'full').toolCount,
    );
  });
});
