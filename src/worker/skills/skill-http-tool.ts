// ## Owns
// A skill's `http` tool as a ToolDefinition: arguments checked against the
// manifest's schema, the run's tab address filled in by us (never by the model),
// URL-like arguments held to their allowlists, path placeholders filled segment by
// segment, and one GET or POST to the declared origin through skill-fetch.ts.
// ## Never
// Sends to an origin other than the declared one, or lets a manifest choose the
// tool's effect or approval: every skill tool is `external` and asks unless trusted.
import { humanizeName } from '../../shared/lib/humanize-name';
import { parseExternalArguments } from '../integrations/external-arguments';
import type { JsonValue, ToolDefinition, ToolOutcome, ToolRunContext } from '../tools/define-tool';
import type { SkillFailure } from './skill-fetch';
import { fetchSkillEndpoint, untrustedSkillResult, type SkillFetchDeps } from './skill-fetch';
import { skillToolModes, type SkillTool } from './skill-manifest';

/** What a skill tool knows of the skill it belongs to. */
export interface SkillToolOwner {
  readonly id: string;
  readonly name: string;
}

const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]{0,40})\}/g;

/** The route identity "Allow for run" grants and trust is checked against. */
export const skillRouteId = (skillId: string, toolName: string) => `skill:${skillId}:${toolName}`;

/** The schema the model sees: the manifest's, without the argument we fill in. */
export function modelSchemaOf(tool: SkillTool): Record<string, unknown> {
  const name = tool.activeTabUrlArg;
  if (name === undefined) return tool.arguments;
  const properties = { ...((tool.arguments['properties'] ?? {}) as Record<string, unknown>) };
  delete properties[name];
  const required = Array.isArray(tool.arguments['required'])
    ? (tool.arguments['required'] as unknown[]).filter((entry) => entry !== name)
    : undefined;
  return { ...tool.arguments, properties, ...(required ? { required } : {}) };
}

const refused = (message: string): SkillFailure => ({
  ok: false,
  code: 'SKILL_ARGUMENT_NOT_ALLOWED',
  message,
});

/** Fill the active tab address and check every allowlisted argument. */
export async function prepareSkillArguments(
  tool: SkillTool,
  args: Record<string, unknown>,
  context: Pick<ToolRunContext, 'page'>,
): Promise<{ ok: true; args: Record<string, unknown> } | SkillFailure> {
  const filled = { ...args };
  if (tool.activeTabUrlArg !== undefined) {
    const here = await context.page.request('page/get-context', {});
    if (!here.ok) return { ok: false, code: here.error.code, message: here.error.message };
    filled[tool.activeTabUrlArg] = here.data.url;
  }
  for (const [name, allowed] of Object.entries(tool.allowlists ?? {})) {
    const value = filled[name];
    if (value === undefined) continue;
    let href: string;
    try {
      href = new URL(String(value)).href;
    } catch {
      return refused(`"${name}" must be an absolute URL.`);
    }
    if (!allowed.some((prefix) => href === prefix || href.startsWith(prefix.replace(/\/?$/, '/'))))
      return refused(`"${name}" may only point at: ${allowed.join(', ')}.`);
  }
  return { ok: true, args: filled };
}

/** The address to call: placeholders filled as single path segments. */
export function requestUrlOf(
  tool: SkillTool,
  args: Record<string, unknown>,
  withQuery: boolean,
): { ok: true; url: string; rest: Record<string, unknown> } | SkillFailure {
  const rest = { ...args };
  let missing: string | null = null;
  const filled = tool.endpoint.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = rest[name];
    delete rest[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      missing ??= name;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  if (missing !== null) return refused(`"${missing}" is needed to build the address.`);
  const url = new URL(filled);
  if (url.origin !== new URL(tool.endpoint.replace(PLACEHOLDER, 'x')).origin)
    return refused('The arguments would change the address the skill declares.');
  if (withQuery)
    for (const [name, value] of Object.entries(rest))
      if (value !== undefined && value !== null)
        url.searchParams.set(
          name,
          typeof value === 'object' ? JSON.stringify(value) : String(value),
        );
  return { ok: true, url: url.href, rest };
}

/**
 * What every skill tool declares, whatever it does: the manifest's name, description
 * and schema, an external effect asked for by its own approval, the manifest's modes
 * and tiers, and its declared destination. `run` gets arguments already checked.
 */
export function skillToolDefinition(
  owner: SkillToolOwner,
  tool: SkillTool,
  run: (args: Record<string, unknown>, context: ToolRunContext) => Promise<ToolOutcome>,
): ToolDefinition<Record<string, unknown>> {
  const schema = modelSchemaOf(tool);
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: schema,
    parseArguments: (value) => parseExternalArguments(value, schema, false),
    effect: 'external',
    approval: 'external-approval',
    modes: skillToolModes(tool),
    tiers: tool.tiers ?? ['mid', 'full'],
    activity: () => `Used ${humanizeName(tool.name).toLowerCase()} (skill ${owner.name})`,
    destination: {
      integration: `Skill ${owner.name}`,
      url: tool.endpoint,
      routeId: skillRouteId(owner.id, tool.name),
    },
    async execute(args, context) {
      const prepared = await prepareSkillArguments(tool, args, context);
      return prepared.ok ? run(prepared.args, context) : prepared;
    },
  };
}

/** The ToolDefinition of a skill's `http` tool. */
export function createSkillHttpTool(
  owner: SkillToolOwner,
  tool: Extract<SkillTool, { kind: 'http' }>,
  deps: SkillFetchDeps,
): ToolDefinition<Record<string, unknown>> {
  return skillToolDefinition(owner, tool, async (args, context) => {
    const target = requestUrlOf(tool, args, tool.method === 'GET');
    if (!target.ok) return target;
    const response = await fetchSkillEndpoint(
      target.url,
      tool.method === 'GET'
        ? { method: 'GET' }
        : { method: 'POST', body: target.rest as Record<string, JsonValue> },
      context.signal,
      deps,
    );
    if (!response.ok) return response;
    return {
      ok: true,
      result: untrustedSkillResult(owner.name, new URL(target.url).origin, response.value),
      summary: `${tool.name}: HTTP ${response.status}, ${response.bytes} bytes`,
    };
  });
}
