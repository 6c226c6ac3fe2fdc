// What every web-page request carries before any chat or page text: the system
// message and the tool schemas, built by the same functions a run uses (the run's
// mode and tier policy, the web prompt, the OpenAI-compatible tool wire shape) from
// the tools given. The size test passes the packaged registry; the bench, bundled
// without Vite's module globs, passes the web site's own tools (the test checks that
// these are the same set).
import type { AgentMode, PromptTier } from '../../../../shared/protocol/agent-modes';
import { buildSystemPrompt } from '../../../../worker/agent/system-prompt';
import { convertOpenAiCompatibleTools } from '../../../../worker/providers/openai-compatible/convert-openai-compatible-messages';
import { sitePromptOf } from '../../../../worker/sites/worker-site';
import { createRunTools } from '../../../../worker/tools/run-tool-policy';
import { createToolRegistry, type AnyTool } from '../../../../worker/tools/tool-registry';
import { workerSite } from '../web.worker';

/**
 * The most a web request's system prompt and tool schemas may take at the Full tier:
 * a third of the ~52 KB the strongest peer sends per request.
 */
export const FULL_TIER_BUDGET_CHARS = 17_000;

export interface WebRequestSize {
  readonly systemChars: number;
  readonly toolChars: number;
  readonly toolCount: number;
  readonly totalChars: number;
}

/** The fixed part of a web request in `mode` with a model of `tier` (no custom prompt). */
export function webRequestSize(
  mode: AgentMode,
  tier: PromptTier,
  packaged: readonly AnyTool[] = workerSite.tools,
  longTask = false,
): WebRequestSize {
  const registry = createToolRegistry(packaged).forSite(workerSite.site.id);
  // A run's first request: long-task tools join later (working-memory/long-task.ts).
  const tools = createRunTools(registry, { siteId: workerSite.site.id, mode, tier }).offered.only(
    (tool) => longTask || tool.offer !== 'long-task',
  );
  const system = buildSystemPrompt(sitePromptOf(workerSite, { mode, tier }), '', mode);
  const offered = tools.modelTools();
  // A request without tools carries no `tools` field at all.
  const toolChars =
    offered.length === 0 ? 0 : JSON.stringify(convertOpenAiCompatibleTools(offered)).length;
  return {
    systemChars: system.length,
    toolChars,
    toolCount: tools.all().length,
    totalChars: system.length + toolChars,
  };
}
