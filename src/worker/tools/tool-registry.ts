// ## Owns
// One registry of ToolDefinitions per run: exact names, case-insensitive
// collisions refused, lookup by exact name, filtering by site, and the model-facing
// tool list. Built-ins, site tools, custom HTTP and MCP tools all enter here.
// ## Why extras are refused one by one
// One bad custom or MCP tool must not abort every run: it is
// left out and reported, the rest of the registry still works.
import type { SiteId } from '../../shared/protocol/page-context';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ModelToolDefinition } from '../providers/model-adapter';
import type { ToolDefinition } from './define-tool';

/** Model-facing names: a letter, then letters, digits, `_` or `-`, at most 64. */
export const TOOL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export type AnyTool = ToolDefinition<unknown>;

/** A tool left out of a registry, and why. */
export interface RejectedTool {
  readonly name: string;
  readonly code: 'TOOL_REGISTRY_COLLISION' | 'INVALID_PAYLOAD_FIELD';
  readonly message: string;
}

export interface ToolRegistry {
  /** The tool with exactly this name (case matters), or undefined. */
  get(name: string): AnyTool | undefined;
  all(): readonly AnyTool[];
  /** The tools a run on `siteId` offers. */
  forSite(siteId: SiteId): ToolRegistry;
  /** A registry of the tools `keep` accepts, in the same order. */
  only(keep: (tool: AnyTool) => boolean): ToolRegistry;
  /** The tools as the provider receives them. */
  modelTools(): ModelToolDefinition[];
  /** A new registry with `extra` added; colliding or invalid extras are rejected individually. */
  withTools(extra: readonly AnyTool[]): { registry: ToolRegistry; rejected: RejectedTool[] };
}

function checkAdd(byFold: Map<string, AnyTool>, tool: AnyTool): RejectedTool | null {
  if (!TOOL_NAME_PATTERN.test(tool.name)) {
    return {
      name: tool.name.slice(0, 128),
      code: 'INVALID_PAYLOAD_FIELD',
      message:
        'A tool name must be a letter followed by letters, digits, _ or -, at most 64 characters.',
    };
  }
  const existing = byFold.get(tool.name.toLowerCase());
  if (existing) {
    return {
      name: tool.name,
      code: 'TOOL_REGISTRY_COLLISION',
      message: `The tool name "${tool.name}" collides with "${existing.name}".`,
    };
  }
  return null;
}

function build(tools: readonly AnyTool[]): ToolRegistry {
  const byName = new Map(tools.map((tool) => [tool.name, tool] as const));
  const registry: ToolRegistry = {
    // A Map has no inherited keys, so "__proto__" or "toString" finds nothing.
    get: (name) => byName.get(name),
    all: () => tools,
    forSite: (siteId) =>
      build(tools.filter((tool) => tool.sites === undefined || tool.sites.includes(siteId))),
    only: (keep) => build(tools.filter(keep)),
    modelTools: () =>
      tools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        inputSchema: tool.inputSchema,
      })),
    withTools(extra) {
      const byFold = new Map(tools.map((tool) => [tool.name.toLowerCase(), tool] as const));
      const accepted: AnyTool[] = [...tools];
      const rejected: RejectedTool[] = [];
      for (const tool of extra) {
        const refusal = checkAdd(byFold, tool);
        if (refusal) {
          rejected.push(refusal);
          continue;
        }
        byFold.set(tool.name.toLowerCase(), tool);
        accepted.push(tool);
      }
      return { registry: build(accepted), rejected };
    },
  };
  return registry;
}

/**
 * The registry of packaged tools. A collision among built-ins is a programming
 * error, so it throws (a test over BUILTIN_TOOLS catches it before release).
 */
export function createToolRegistry(builtins: readonly AnyTool[]): ToolRegistry {
  const { registry, rejected } = build([]).withTools(builtins);
  const first = rejected[0];
  if (first) throw new ProtocolFailure(first.code, first.message);
  return registry;
}
