// ## Owns
// The one answer to "does this tool call need a person first?" (ARCHITECTURE.md,
// trust table). Inputs are all trusted: the tool's source-owned effect and
// approval, the edit mode captured at Send, this run's grants and the user's saved
// trust, and for a page action the tool's own per-call review (packaged code that
// looked at the call's target). Model output (names, arguments, descriptions) never
// reaches this function.
import type { EditMode } from '../../shared/protocol/run-messages';
import type { CallReview, ToolDefinition } from './define-tool';

/**
 * What must happen before a call runs. `editor-review`: the person reviews the diff.
 * `action-approval`: the person allows an action on the page. `external-approval`: the
 * person allows a call that leaves the browser (or whose effect is unknown).
 */
export type ApprovalNeed = 'none' | 'editor-review' | 'action-approval' | 'external-approval';

const STRICTNESS: Readonly<Record<ApprovalNeed, number>> = {
  none: 0,
  'editor-review': 1,
  'action-approval': 2,
  'external-approval': 3,
};

/** Whether the user saved trust for the tool's exact integration (fingerprint-checked by the caller). */
export type TrustCheck = (tool: ToolDefinition<unknown>) => boolean;

/** The route identity "Allow for run" grants: the integration route, else the tool name. */
export function grantKeyOf(tool: ToolDefinition<unknown>): string {
  return tool.destination?.routeId ?? `tool:${tool.name}`;
}

/** What a tool's effect alone requires. Every declared effect has a branch. */
function needOfEffect(
  tool: ToolDefinition<unknown>,
  editMode: EditMode,
  runGrants: ReadonlySet<string>,
  trusted: TrustCheck,
  review: CallReview | undefined,
): ApprovalNeed {
  const effect = tool.effect;
  switch (effect) {
    case 'read':
      return 'none';
    // Anything but an explicit 'auto' is Ask: unknown modes fall back fail-closed.
    case 'editor-write':
      return editMode === 'auto' ? 'none' : 'editor-review';
    // Allow-for-run and saved trust never apply to editor diffs, only to these two.
    // A page action the tool reviewed asks exactly when its review says so (a grant
    // for what it names waives it); without a review every call asks.
    case 'page-action':
      if (review === undefined || review.ask === 'refused')
        return runGrants.has(grantKeyOf(tool)) ? 'none' : 'action-approval';
      if (review.ask === false) return 'none';
      return review.grantKey !== null && runGrants.has(review.grantKey)
        ? 'none'
        : 'action-approval';
    // A built-in network tool reviews each call (where it goes); calls its review
    // does not clear ask as page actions do. Integrations have no review.
    case 'external':
      if (review !== undefined && review.ask !== 'refused') {
        if (review.ask === false) return 'none';
        return review.grantKey !== null && runGrants.has(review.grantKey)
          ? 'none'
          : 'action-approval';
      }
      return runGrants.has(grantKeyOf(tool)) || trusted(tool) ? 'none' : 'external-approval';
    default: {
      // A new effect without a branch here is a type error; at run time (a record
      // from elsewhere) it asks, and no grant or saved trust can waive that.
      const unknown: never = effect;
      void unknown;
      return 'external-approval';
    }
  }
}

/** What a tool's declared approval alone requires. */
function needOfDeclaration(
  tool: ToolDefinition<unknown>,
  editMode: EditMode,
  runGrants: ReadonlySet<string>,
  trusted: TrustCheck,
): ApprovalNeed {
  const approval = tool.approval;
  switch (approval) {
    case 'automatic':
      return 'none';
    case 'editor-review':
      return editMode === 'auto' ? 'none' : 'editor-review';
    case 'external-approval':
      return runGrants.has(grantKeyOf(tool)) || trusted(tool) ? 'none' : 'external-approval';
    default: {
      const unknown: never = approval;
      void unknown;
      return 'external-approval';
    }
  }
}

/**
 * The approval a call needs: the stricter of what its effect and its declared
 * approval require, so a definition that declares an external or page-acting tool
 * "automatic" still asks (fail closed). `review` is the page-acting tool's own look
 * at this call; it is read for page actions only.
 */
export function needsApproval(
  tool: ToolDefinition<unknown>,
  editMode: EditMode,
  runGrants: ReadonlySet<string>,
  trusted: TrustCheck,
  review?: CallReview,
): ApprovalNeed {
  const byEffect = needOfEffect(tool, editMode, runGrants, trusted, review);
  const byDeclaration = needOfDeclaration(tool, editMode, runGrants, trusted);
  return STRICTNESS[byDeclaration] > STRICTNESS[byEffect] ? byDeclaration : byEffect;
}
