// ## Owns
// The one answer to "does this tool call need a person first?" (ARCHITECTURE.md,
// trust table). Inputs are all trusted: the tool's source-owned effect and
// approval, the edit mode captured at Send, this run's grants and the user's saved
// trust. Model output (names, arguments, descriptions) never reaches this function.
import type { EditMode } from '../../shared/protocol/run-messages';
import type { ToolDefinition } from './define-tool';

/** What must happen before a call runs. */
export type ApprovalNeed = 'none' | 'editor-review' | 'external-approval';

/** Whether the user saved trust for the tool's exact integration (fingerprint-checked by the caller). */
export type TrustCheck = (tool: ToolDefinition<unknown>) => boolean;

/** The route identity "Allow for run" grants: the integration route, else the tool name. */
export function grantKeyOf(tool: ToolDefinition<unknown>): string {
  return tool.destination?.routeId ?? `tool:${tool.name}`;
}

/**
 * The approval a call needs. The stricter of the declared approval and the one the
 * effect implies wins, so a definition that declares an external tool "automatic"
 * still asks (fail closed).
 */
export function needsApproval(
  tool: ToolDefinition<unknown>,
  editMode: EditMode,
  runGrants: ReadonlySet<string>,
  trusted: TrustCheck,
): ApprovalNeed {
  const external = tool.effect === 'external' || tool.approval === 'external-approval';
  if (external) {
    // Allow-for-run and saved trust never apply to editor diffs (APR-03).
    if (runGrants.has(grantKeyOf(tool)) || trusted(tool)) return 'none';
    return 'external-approval';
  }
  const editorWrite = tool.effect === 'editor-write' || tool.approval === 'editor-review';
  // Anything but an explicit 'auto' is Ask: unknown modes fall back fail-closed.
  if (editorWrite) return editMode === 'auto' ? 'none' : 'editor-review';
  return 'none';
}
