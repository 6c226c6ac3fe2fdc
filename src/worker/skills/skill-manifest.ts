// ## Owns
// The `side-agent-tools` manifest a skill may carry: its zod schema, its bounds,
// and the checks zod cannot express (HTTPS-only declared endpoints, placeholders
// that only fill path segments, allowlists naming declared arguments, argument
// schemas through the subset gate). One refusal per manifest, with the path of
// what is wrong, so the person can fix the block they wrote.
// ## Never
// Lets a manifest choose an effect, an approval, credentials or a redirect policy:
// those are fixed by the tool builders (skill-http-tool.ts, skill-download-job.ts).
import { z } from '../../shared/schema/zod';
import {
  AGENT_MODES,
  AgentModeSchema,
  PromptTierSchema,
  type AgentMode,
} from '../../shared/protocol/agent-modes';
import type { ErrorCode } from '../../shared/protocol/error-codes';
import { checkEndpoint } from '../integrations/endpoint-policy';
import { checkSchemaSubset } from '../tools/schema-subset';

/** A skill may declare at most this many tools (a 1,000-tool manifest is refused whole). */
export const MAX_SKILL_TOOLS = 8;
/** Model-facing names: snake_case, 2-41 characters. */
export const SKILL_TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]{1,40}$/;
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9_]{0,40})\}/g;

const ToolNameSchema = z.string().regex(SKILL_TOOL_NAME_PATTERN, {
  message: 'a tool name is snake_case: a letter, then letters, digits or _ (2-41 characters)',
});
const DescriptionSchema = z.string().trim().min(1).max(600);
const EndpointSchema = z.string().max(2_048);
const ArgumentsSchema = z.record(z.string(), z.unknown());
/** URL-like arguments and the origins (or URL prefixes) each may point at. */
const AllowlistsSchema = z.record(z.string(), z.array(z.string().max(2_048)).min(1).max(20));

const CommonToolShape = {
  name: ToolNameSchema,
  description: DescriptionSchema,
  endpoint: EndpointSchema,
  /** JSON Schema of the model's arguments (an object schema through the subset gate). */
  arguments: ArgumentsSchema.default({ type: 'object', properties: {} }),
  allowlists: AllowlistsSchema.optional(),
  /** An argument the extension fills with the run's tab address; the model never sets it. */
  activeTabUrlArg: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,40}$/)
    .optional(),
  /** Results reach the model as untrusted data; no other policy exists yet. */
  result: z.enum(['untrusted']).default('untrusted'),
  tiers: z.array(PromptTierSchema).min(1).optional(),
};

const HttpToolSchema = z.strictObject({
  kind: z.literal('http'),
  method: z.enum(['GET', 'POST']).default('GET'),
  modes: z.array(AgentModeSchema).min(1).optional(),
  ...CommonToolShape,
});

const DownloadJobToolSchema = z.strictObject({
  kind: z.literal('httpDownloadJob'),
  ...CommonToolShape,
  /** Between status polls, 250 ms to 10 s. */
  pollIntervalMs: z.number().int().min(250).max(10_000).default(1_000),
  /** The whole job, 1 s to 10 minutes. */
  timeoutMs: z.number().int().min(1_000).max(600_000).default(120_000),
});

export const SkillManifestSchema = z.strictObject({
  version: z.literal(1),
  tools: z.array(z.unknown()).max(MAX_SKILL_TOOLS),
});

export type SkillHttpTool = z.infer<typeof HttpToolSchema>;
export type SkillDownloadJobTool = z.infer<typeof DownloadJobToolSchema>;
export type SkillTool = SkillHttpTool | SkillDownloadJobTool;
export interface SkillManifest {
  readonly version: 1;
  readonly tools: readonly SkillTool[];
}

export interface ManifestRefusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly path: string;
}

const refuse = (code: ErrorCode, path: string, message: string): ManifestRefusal => ({
  ok: false,
  code,
  path,
  message,
});

function zodRefusal(error: z.ZodError, prefix: string): ManifestRefusal {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  return refuse('SKILL_MANIFEST_INVALID', path, `${path}: ${issue?.message ?? 'invalid'}`);
}

/** Only HTTPS on a declared address with no credentials; placeholders only in the path. */
function checkToolEndpoint(tool: SkillTool, path: string): ManifestRefusal | null {
  const placeholders = [...tool.endpoint.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  const probe = tool.endpoint.replace(PLACEHOLDER, 'x');
  const checked = checkEndpoint(probe);
  if (!checked.ok || checked.url.protocol !== 'https:')
    return refuse(
      'SKILL_ENDPOINT_REFUSED',
      `${path}.endpoint`,
      `${path}.endpoint: only an absolute https:// address is allowed${checked.ok ? '' : ` (${checked.message})`}.`,
    );
  // A placeholder in the host or port would change the origin with its value.
  const other = checkEndpoint(tool.endpoint.replace(PLACEHOLDER, 'y1'));
  const query = tool.endpoint.search(/[?#]/);
  if (
    placeholders.length > 0 &&
    (!other.ok ||
      other.origin !== checked.origin ||
      (query >= 0 && tool.endpoint.indexOf('{', query) >= 0))
  )
    return refuse(
      'SKILL_ENDPOINT_REFUSED',
      `${path}.endpoint`,
      `${path}.endpoint: {placeholders} may only fill path segments, never the host, query or fragment.`,
    );
  const properties = (tool.arguments['properties'] ?? {}) as Record<string, unknown>;
  for (const name of [...placeholders, ...Object.keys(tool.allowlists ?? {})])
    if (!(name in properties) && name !== tool.activeTabUrlArg)
      return refuse(
        'SKILL_MANIFEST_INVALID',
        `${path}.endpoint`,
        `${path}: "${name}" is not one of the tool's arguments.`,
      );
  return null;
}

/** Parse a manifest object; the tool names are checked against others by the caller. */
export function parseSkillManifest(
  value: unknown,
): { ok: true; manifest: SkillManifest } | ManifestRefusal {
  if (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { tools?: unknown }).tools) &&
    (value as { tools: unknown[] }).tools.length > MAX_SKILL_TOOLS
  )
    return refuse(
      'SKILL_TOO_MANY_TOOLS',
      'tools',
      `The manifest declares ${(value as { tools: unknown[] }).tools.length} tools; a skill may declare at most ${MAX_SKILL_TOOLS}.`,
    );
  const root = SkillManifestSchema.safeParse(value);
  if (!root.success) return zodRefusal(root.error, '');
  const tools: SkillTool[] = [];
  const seen = new Set<string>();
  for (const [index, raw] of root.data.tools.entries()) {
    const path = `tools.${index}`;
    const kind = (raw as { kind?: unknown } | null)?.kind;
    const parsed = (kind === 'httpDownloadJob' ? DownloadJobToolSchema : HttpToolSchema).safeParse(
      raw,
    );
    if (!parsed.success) return zodRefusal(parsed.error, path);
    const tool = parsed.data;
    if (seen.has(tool.name))
      return refuse(
        'SKILL_TOOL_NAME_COLLISION',
        `${path}.name`,
        `The manifest declares "${tool.name}" twice.`,
      );
    seen.add(tool.name);
    const endpoint = checkToolEndpoint(tool, path);
    if (endpoint) return endpoint;
    const gate = checkSchemaSubset(tool.arguments);
    if (!gate.ok || tool.arguments['type'] !== 'object')
      return refuse(
        'SKILL_MANIFEST_INVALID',
        `${path}.arguments`,
        `${path}.arguments: ${gate.ok ? 'must be an object schema' : gate.message}`,
      );
    tools.push(tool);
  }
  return { ok: true, manifest: { version: 1, tools } };
}

/** The modes a skill tool is offered in: download jobs save files, so never Ask. */
export function skillToolModes(tool: SkillTool): readonly AgentMode[] {
  if (tool.kind === 'httpDownloadJob') return AGENT_MODES.filter((mode) => mode !== 'ask');
  return tool.modes ?? AGENT_MODES;
}
