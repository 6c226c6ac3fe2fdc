// ## Owns
// Bringing a run's external tools (custom HTTP tools, MCP servers) into the run
// loop: the per-run registry with them added, the trust check the approval policy
// uses for them, their notices as `run/notice`, the note that tells the model its
// tool set is partial, and MCP images as image parts for vision models.
// ## Why a separate file
// The run loop stays a loop: it asks this module once at run start and once per
// tool round, and everything integration-specific is decided here.
import type { ModelMessage, UserContentPart } from '../providers/model-adapter';
import type { RunToolSet } from '../integrations/run-tool-set';
import { toolResultImages, type ToolImage } from '../integrations/mcp/mcp-result';
import type { TrustCheck } from '../tools/approval-policy';
import type { JsonValue, ToolOutcome } from '../tools/define-tool';
import type { ToolRegistry } from '../tools/tool-registry';
import type { RunEventSink } from './run-events';
import { addUserText } from './user-parts';

/** What the run loop needs from the integration service (injected so tests use fakes). */
export interface RunIntegrations {
  /** Never throws; a broken server becomes a notice and a model note. */
  prepareRunToolSet(signal: AbortSignal): Promise<RunToolSet>;
}

/** The registry, trust check and model note of one run. */
export interface RunToolsWithIntegrations {
  readonly registry: ToolRegistry;
  readonly trusted: TrustCheck;
  readonly modelNote: string | null;
  /** The enabled skills' labelled instructions for the current user message. */
  readonly skillText: string | null;
}

/**
 * Adds the run's external tools to `registry`. A tool the registry refuses (a name
 * colliding with a built-in or another integration) is left out with a notice; the
 * rest of the run goes on. Without an integration service the run is unchanged.
 */
export async function withRunIntegrations(
  registry: ToolRegistry,
  baseTrusted: TrustCheck,
  integrations: RunIntegrations | undefined,
  events: RunEventSink,
  signal: AbortSignal,
): Promise<RunToolsWithIntegrations> {
  if (!integrations) return { registry, trusted: baseTrusted, modelNote: null, skillText: null };
  const set = await integrations.prepareRunToolSet(signal);
  for (const notice of set.notices) events.notice(notice.level, notice.message, notice.code);
  const added = registry.withTools(set.tools);
  for (const rejected of added.rejected) {
    events.notice(
      'warning',
      `The external tool "${rejected.name}" was left out of this response: ${rejected.message}`,
      rejected.code,
    );
  }
  const left = added.rejected.map((rejected) => `"${rejected.name}"`);
  const notes = [
    set.modelNote,
    left.length > 0
      ? `The tool set is partial: ${left.join(', ')} could not be offered (name conflict).`
      : null,
  ].filter((note): note is string => note !== null);
  return {
    registry: added.registry,
    // Saved trust from the tool set is fingerprint-checked and bound to these exact tool objects.
    trusted: (tool) => baseTrusted(tool) || set.trusted(tool),
    modelNote: notes.length > 0 ? notes.join('\n') : null,
    skillText: set.skillText ?? null,
  };
}

/**
 * Adds the model note to the run's messages as labelled untrusted context in the
 * current user message (never the system prompt: it names user-configured servers
 * and carries their error codes).
 */
export function addToolSetNote(messages: ModelMessage[], note: string | null): void {
  if (note !== null)
    addUserText(messages, `[Untrusted tool-set status from the extension]\n${note}`, 'last');
}

/**
 * Takes MCP images out of an outcome's result so they never reach the model as
 * base64 text. The result keeps a count, and says when the model cannot see them.
 */
export function splitOutcomeImages(
  outcome: ToolOutcome,
  supportsVision: boolean,
): { outcome: ToolOutcome; images: ToolImage[] } {
  if (!outcome.ok) return { outcome, images: [] };
  const images = toolResultImages(outcome.result);
  if (
    images.length === 0 ||
    typeof outcome.result !== 'object' ||
    outcome.result === null ||
    Array.isArray(outcome.result)
  )
    return { outcome, images: [] };
  const { images: _images, ...rest } = outcome.result;
  const result: Record<string, JsonValue> = supportsVision
    ? { ...rest, imagesAttached: images.length }
    : {
        ...rest,
        imagesOmitted:
          (typeof rest['imagesOmitted'] === 'number' ? rest['imagesOmitted'] : 0) + images.length,
        imagesNote: 'The selected model cannot see images, so they were not sent.',
      };
  return { outcome: { ...outcome, result }, images: supportsVision ? images : [] };
}

/** The user message that carries a tool call's images after the tool messages of its round. */
export function toolImagesMessage(
  entries: readonly { callId: string; toolName: string; images: readonly ToolImage[] }[],
): ModelMessage | null {
  const content: UserContentPart[] = [];
  for (const entry of entries) {
    if (entry.images.length === 0) continue;
    content.push({
      type: 'text',
      text: `[Untrusted images returned by the tool ${JSON.stringify(entry.toolName)} (call ${JSON.stringify(entry.callId)})]`,
    });
    for (const image of entry.images)
      content.push({ type: 'image', mediaType: image.mediaType, base64: image.base64 });
  }
  return content.length > 0 ? { role: 'user', content } : null;
}
