import { describe, expect, it } from 'vitest';
import { AGENT_MODES, PROMPT_TIERS } from '../../../shared/protocol/agent-modes';
import { buildSystemPrompt } from '../../../worker/agent/system-prompt';
import { sitePromptOf } from '../../../worker/sites/worker-site';
import { webPrompt } from './web-prompt';
import { workerSite } from './web.worker';

/** The system message a web run sends: the site prompt plus the core's sections. */
const systemOf = (mode: (typeof AGENT_MODES)[number], tier: (typeof PROMPT_TIERS)[number]) =>
  buildSystemPrompt(sitePromptOf(workerSite, { mode, tier }), '', mode);

describe('webPrompt', () => {
  it('is the web worker part prompt, per mode and tier', () => {
    expect(sitePromptOf(workerSite, { mode: 'act', tier: 'mid' })).toBe(
      webPrompt({ mode: 'act', tier: 'mid' }),
    );
  });

  it('carries the page-content rule and the mode rules at every tier and mode', () => {
    for (const mode of AGENT_MODES) {
      for (const tier of PROMPT_TIERS) {
        const site = webPrompt({ mode, tier });
        expect(site, `${mode}/${tier}`).toContain('`untrusted_page_content`');
        expect(site, `${mode}/${tier}`).toMatch(/(never|do not) follow/i);
        const system = systemOf(mode, tier);
        expect(system, `${mode}/${tier}`).toContain(`## Mode: ${mode[0]?.toUpperCase()}`);
        expect(system).toContain('## Trust boundary');
      }
      expect(systemOf('ask', 'compact')).toContain('"Switch to Act mode to let me do that."');
    }
  });

  it('gets shorter from Full to Mid to Compact, with Compact a fraction of Full', () => {
    for (const mode of AGENT_MODES) {
      const [compact, mid, full] = PROMPT_TIERS.map((tier) => webPrompt({ mode, tier }).length);
      expect(compact).toBeLessThan(mid ?? 0);
      expect(mid).toBeLessThan(full ?? 0);
      expect(compact).toBeLessThan((full ?? 0) / 4);
    }
  });

  it('gives acting guidance only in the modes that act', () => {
    for (const tier of PROMPT_TIERS) {
      expect(webPrompt({ mode: 'ask', tier })).not.toMatch(/Act on one element/);
      expect(webPrompt({ mode: 'act', tier })).toMatch(/Act on one element/);
      expect(webPrompt({ mode: 'dev', tier })).toMatch(/Act on one element/);
    }
  });

  it('covers reading with refs, continuation, asking the person and modes at Full', () => {
    const full = webPrompt({ mode: 'act', tier: 'full' });
    for (const topic of [
      'accessibility tree',
      'ref',
      'continuation',
      'ask them',
      'The mode (Ask, Act or Dev)',
    ]) {
      expect(full).toContain(topic);
    }
  });

  it('names none of the tools, which come and go by mode and tier', () => {
    const names = workerSite.tools.map((tool) => tool.name);
    for (const mode of AGENT_MODES) {
      for (const tier of PROMPT_TIERS) {
        const words = new Set(webPrompt({ mode, tier }).split(/[^A-Za-z0-9_]+/));
        expect(
          names.filter((name) => words.has(name)),
          `${mode}/${tier}`,
        ).toEqual([]);
      }
    }
  });
});
