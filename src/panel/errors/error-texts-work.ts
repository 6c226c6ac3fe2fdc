// Person-facing texts of the errors around edits, runs, storage, integrations,
// document sites and recovery. Each says what happened and what to do.
import { dollarsText } from '../../shared/lib/dollars';
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { ErrorContext, ErrorTextEntry } from './error-text-types';

const retry = ['retry'] as const;
const settings = ['settings'] as const;
const EDIT_BACK = 'Nothing was changed; the agent was told and can try again.';
const INTEGRATION = 'Check the integration under Settings.';
/** "its cost limit of $0.05" when the limit is known, else `fallback`. */
const costLimitOf = (context: ErrorContext, fallback: string) =>
  context.costLimit === undefined ? fallback : `${fallback} of ${dollarsText(context.costLimit)}`;

const stepsOf = (context: ErrorContext) =>
  context.steps === undefined
    ? ''
    : ` after ${context.steps} ${context.steps === 1 ? 'step' : 'steps'}`;

export const WORK_TEXTS = {
  INVALID_EDIT_RANGE: `The edit pointed at lines that do not exist. ${EDIT_BACK}`,
  INVALID_EDIT_ARGUMENTS: `The edit was not complete. ${EDIT_BACK}`,
  EDIT_TARGET_NOT_FOUND: `The text the edit should change is not in the document. ${EDIT_BACK}`,
  EDIT_TARGET_AMBIGUOUS: `The text the edit should change appears more than once. ${EDIT_BACK}`,
  EDIT_RANGES_OVERLAP: `The edit\u2019s changes overlap each other. ${EDIT_BACK}`,
  EDIT_SELECTION_EMPTY:
    'Nothing was selected when you sent the message. Select the text to change, then ask again.',
  EDIT_DOCUMENT_TOO_LARGE: 'The document is too large for Side Agent to edit safely.',
  EDIT_TOO_MANY_CHANGES: `The edit had too many changes at once. ${EDIT_BACK}`,
  EDIT_INSERT_TOO_LARGE: `The edit inserted too much text at once. ${EDIT_BACK}`,
  EDIT_SYNTAX_ERROR:
    'The edit would have added a syntax error, so it went back to the agent before you saw it.',
  RUN_NOT_RESERVED: { text: 'That run could not start. Send the message again.', actions: retry },
  RUN_RESERVATION_MISMATCH: {
    text: 'That run could not start. Send the message again.',
    actions: retry,
  },
  RUN_RESERVATION_LIMIT:
    'Too many chats are starting at once. Wait for one to finish, then send again.',
  DUPLICATE_RUN_ID: { text: 'That run could not start. Send the message again.', actions: retry },
  SESSION_RUN_ACTIVE: 'This chat is already working on an answer. Wait for it or press Stop.',
  RUN_NOT_FOUND: 'That run is no longer going.',
  RUN_INTERRUPTED: {
    text: 'The run was interrupted (the browser restarted Side Agent). What it did so far is kept; retry to continue.',
    actions: retry,
  },
  RUN_TAB_CLOSED: {
    text: (context) =>
      `The tab this task was working in was closed, so it stopped${stepsOf(context)}. What it did so far is kept.`,
    actions: retry,
  },
  RUN_TAB_CHANGED: {
    text: (context) =>
      `The tab this task was working in shows another page now, so it stopped${stepsOf(context)}. What it did so far is kept.`,
    actions: retry,
  },
  RUN_RESUME_LIMIT: {
    text: (context) =>
      `Side Agent restarted too often during this task, so it stopped${stepsOf(context)}. What it did so far is kept.`,
    actions: retry,
  },
  RUN_RESUME_PLAN_LOST: {
    text: 'Side Agent restarted while the plan waited for your answer, so nothing was done. Send the message again to plan anew.',
    actions: retry,
  },
  RUN_RESUMED: 'Side Agent restarted during this task; it went on where it was.',
  RUN_RESUMED_UNKNOWN_OUTCOME:
    'Side Agent restarted during this action, so whether it happened is not known. The agent looked at the page again.',
  RUN_RESUMED_NOT_ASKED:
    'Side Agent restarted while this waited for you, so it was not done. The agent asks again if it still needs it.',
  INVALID_RUN_TAB: 'That tab is gone or shows another page. Go back to the page and send again.',
  RUN_SCOPE_CHANGED: {
    text: 'The tab moved to another page, so the run stopped. Go back to the page and retry.',
    actions: retry,
  },
  UNKNOWN_TOOL_EFFECT: 'A tool is set up wrongly, so it was not run.',
  SESSION_NOT_FOUND: 'This chat no longer exists (it may have been deleted in another panel).',
  USER_TURN_NOT_FOUND: 'That message no longer exists in this chat.',
  MODEL_MISSING: {
    text: 'No model is set up yet. Add one in Settings → Models.',
    actions: settings,
  },
  UNKNOWN_TOOL: 'The agent asked for a tool that does not exist. It was told and can carry on.',
  TOOL_NOT_IN_MODE:
    'That is not allowed in this chat\u2019s mode. Choose another mode under the message box to allow it.',
  TOOL_NOT_IN_TIER:
    'The chosen model is not trusted with that tool. Choose a stronger model to use it.',
  AGENT_MODE_UNAVAILABLE: {
    text: 'The chosen model cannot work in this mode. Choose another mode, or another model in Settings.',
    actions: settings,
  },
  TOOL_REGISTRY_COLLISION: {
    text: 'Two tools have the same name, so one was left out. Rename one under Settings → Tools.',
    actions: settings,
  },
  TOOL_ROUND_LIMIT: {
    text: 'The agent used many tools in a row and was stopped. Retry to let it continue.',
    actions: retry,
  },
  STEP_LIMIT_REACHED: {
    text: (context) =>
      `The agent reached ${context.maxSteps === undefined ? 'the most steps' : `the ${context.maxSteps} steps`} one response may take (Settings \u2192 Agent). What it did so far is kept; Continue lets it go on.`,
    actions: ['continue', 'settings'],
  },
  BUDGET_RUN_REACHED: {
    text: 'This response used up its token limit (Settings \u2192 Agent), so it paused. What it did so far is kept; Continue goes on with a fresh limit.',
    actions: ['continue', 'settings'],
  },
  BUDGET_DAY_REACHED: {
    text: "Today's token limit (Settings \u2192 Agent) is used up, so the agent paused. Nothing is lost; raise the limit and Continue, or continue tomorrow.",
    actions: ['continue', 'settings'],
  },
  BUDGET_RUN_COST_REACHED: {
    text: (context) =>
      `This response reached ${costLimitOf(context, 'its cost limit')} (Settings \u2192 Agent), so it paused. What it did so far is kept; Continue goes on with a fresh limit.`,
    actions: ['continue', 'settings'],
  },
  BUDGET_DAY_COST_REACHED: {
    text: (context) =>
      `Today's ${costLimitOf(context, 'cost limit')} (Settings \u2192 Agent) is used up, so the agent paused. Nothing is lost; raise the limit and Continue, or continue tomorrow.`,
    actions: ['continue', 'settings'],
  },
  PLAN_REJECTED:
    'You rejected the plan, so nothing was done on the page. Send a new message to try another way.',
  PLAN_TIMEOUT: {
    text: 'The plan waited too long for your answer, so nothing was done on the page. Retry to see a new plan.',
    actions: retry,
  },
  PLAN_INVALID: {
    text: 'The model did not return a usable plan, even when asked twice, so nothing was done on the page. Retry, or turn plans off in Settings → Agent.',
    actions: retry,
  },
  RUN_LOOP_STOPPED:
    'The agent kept repeating the same step without getting anywhere, so it was stopped. Details say what repeated; rephrase the request or do that step yourself, then ask again.',
  COMPLETION_STALE:
    'The suggestion was for text that has changed since. Keep typing for a new one.',
  COMPLETION_UNAVAILABLE: {
    text: 'Inline completion is not available right now. Check its model in Settings \u2192 Completion.',
    actions: settings,
  },
  TOOL_DENIED: 'You denied this, so it was not done.',
  TOOL_FAILED: 'The tool failed. The agent was told and can try another way.',
  EDIT_REJECTED: 'You rejected this edit, so the document was not changed.',
  PAGE_WAIT_TIMEOUT: {
    text: 'The page was not ready in time, so the run stopped waiting. Retry when it is ready.',
    actions: retry,
  },
  PAGE_WAIT_SKIPPED: 'You skipped this step.',
  TITLE_EMPTY: 'The model gave no name for this chat. You can name it yourself.',
  TITLE_FAILED: 'The chat could not be named automatically. You can name it yourself.',
  STORAGE_QUOTA_EXCEEDED:
    'The browser\u2019s storage for Side Agent is full, so this was not saved. Delete old chats or snapshots to make room.',
  STORAGE_WRITE_FAILED: { text: 'This could not be saved. Try again.', actions: retry },
  STORAGE_READ_FAILED: { text: 'Saved data could not be read. Try again.', actions: retry },
  SESSION_RECORD_INVALID: 'A saved chat is damaged and could not be opened.',
  SESSION_IMPORT_INVALID: 'That file is not a Side Agent chat export, or it is damaged.',
  SESSION_IMPORT_SIZE_LIMIT: 'That file is too large to import.',
  MEMORY_TEXT_REFUSED:
    'That was not remembered: memory keeps your preferences, never secrets, markup or facts from a page.',
  MEMORY_NOT_FOUND: 'No memory has that id. Type /show-memory to see the ids.',
  MEMORY_LIMIT_REACHED: 'Memory is full. Delete some records in Settings → Memory first.',
  MEMORY_IMPORT_INVALID:
    'That file is not a Side Agent memory export, or it is damaged. Nothing was imported.',
  MEMORY_IMPORT_TOO_LARGE: 'That memory file is too large to import. Nothing was imported.',
  SESSION_EXPORT_TOO_LARGE:
    'These chats are too large to export in one file. Export fewer at a time.',
  UNKNOWN_MODEL: {
    text: 'That model is no longer set up. Choose another in Settings → Models.',
    actions: settings,
  },
  DUPLICATE_MODEL_NAME: 'A model with that name already exists. Choose another name.',
  INTEGRATION_NOT_FOUND: 'That integration no longer exists (it may have been removed).',
  INTEGRATION_INVALID: `The integration\u2019s settings are not valid. ${INTEGRATION}`,
  INTEGRATION_NETWORK: `Can\u2019t reach the integration\u2019s server. Check that it is running and its address is right.`,
  REDIRECT_REFUSED:
    'The server tried to send the request somewhere else, so Side Agent stopped it.',
  CUSTOM_TOOL_NAME_INVALID: 'Tool names may use only lower-case letters, digits and underscores.',
  CUSTOM_TOOL_NAME_COLLISION: 'A tool with that name already exists. Choose another name.',
  CUSTOM_HTTP_ERROR: `The custom tool\u2019s server answered with an error. ${INTEGRATION}`,
  CUSTOM_RESPONSE_TOO_LARGE: 'The custom tool\u2019s answer was too large to use.',
  MCP_HTTP_ERROR: `The MCP server answered with an error. ${INTEGRATION}`,
  MCP_RESPONSE_TOO_LARGE: 'The MCP server\u2019s answer was too large to use.',
  MCP_PROTOCOL_ERROR:
    'The MCP server answered in a way Side Agent does not understand. Check that the address points at an MCP endpoint.',
  MCP_UNSUPPORTED_VERSION: 'The MCP server uses a protocol version Side Agent does not support.',
  MCP_PAGE_LIMIT: 'The MCP server listed too many pages of tools; only the first ones are used.',
  MCP_TOOL_LIMIT:
    'The MCP server offers more tools than Side Agent can use; only the first ones are used.',
  MCP_DUPLICATE_TOOL: 'The MCP server lists the same tool twice; one was left out.',
  MCP_INVALID_TOOL: 'One of the MCP server\u2019s tools is not valid and was left out.',
  MCP_TOOL_ERROR: 'The MCP tool reported an error. The agent was told and can try another way.',
  MCP_INPUT_REQUIRED_UNSUPPORTED: 'The MCP tool needs input Side Agent cannot ask you for.',
  MCP_INVALID_JSON: 'The MCP server sent data that is not valid JSON.',
  MCP_AUTH_REQUIRED: {
    text: 'The MCP server needs you to sign in. Sign in under Settings → MCP.',
    actions: settings,
  },
  MCP_AUTH_FORBIDDEN: {
    text: 'Your account may not use this MCP server or tool. Sign in with more permissions under Settings → MCP.',
    actions: settings,
  },
  MCP_AUTH_FAILED: {
    text: 'Signing in to the MCP server did not work. Try again under Settings → MCP.',
    actions: settings,
  },
  CUSTOM_INVALID_JSON: 'The custom tool\u2019s server sent data that is not valid JSON.',
  CUSTOM_UNSUPPORTED_CONTENT:
    'The custom tool\u2019s server sent a kind of content Side Agent cannot use.',
  STALE_SCOPE: 'The tab now shows another project, so nothing was changed.',
  STALE_EDIT_FILE: 'Another file is open in the editor now, so nothing was changed.',
  STALE_EDITOR: 'The editor was replaced (the page re-rendered it), so nothing was changed.',
  STALE_DOCUMENT: 'The document changed since the edit was prepared, so nothing was changed.',
  STALE_FILE_RETRY_LIMIT:
    'The file kept changing, so Side Agent gave up on the edit. Nothing was changed.',
  PREFLIGHT_SKIPPED: 'You skipped a step the tool needed, so it did not run.',
  INVALID_PROJECT_FILE_PATH: 'That is not a valid file path in this project.',
  FILES_PANEL_UNAVAILABLE: 'The Files panel is closed or cannot be read. Open it, then try again.',
  CAPTURE_UNAVAILABLE: 'Nothing could be captured here right now.',
  CAPTURE_TOO_LARGE: 'That capture is too large to attach.',
  UNKNOWN_DOCS_TOPIC: 'There is no documentation topic by that name. The agent was told.',
  EDIT_CHECKPOINT_CONFLICT:
    'The document changed in the meantime, so the undo point could not be kept.',
  EDIT_CHECKPOINT_TOO_LARGE: 'The document is too large to keep an undo point for this edit.',
  EDIT_CHECKPOINT_HISTORY_BUSY: {
    text: 'Undo history is busy. Try again in a moment.',
    actions: retry,
  },
  EDIT_REVERT_CONFLICT:
    'The document changed after the edit, so it was not reverted. Revert by hand, or restore a snapshot.',
  EDIT_REVERT_UNAVAILABLE: 'This edit can no longer be reverted.',
  EDIT_REVERT_RUN_ACTIVE: 'Wait for the agent to finish (or press Stop) before reverting.',
  EDIT_REVERT_ACTIVE: 'A revert is already going. Wait for it to finish.',
  EDIT_REVERT_PROJECT_MISMATCH:
    'This edit belongs to another project. Open that project to revert it.',
  EDIT_REVERT_MAY_HAVE_LANDED:
    'The revert may or may not have been applied. Check the document before trying again.',
  DOCUMENT_SNAPSHOT_NOT_FOUND: 'That snapshot no longer exists.',
  DOCUMENT_SNAPSHOT_FILE_MISMATCH:
    'That snapshot is of another file. Open that file to restore it.',
  DOCUMENT_SNAPSHOT_INTEGRITY: 'That snapshot is damaged, so it was not restored.',
  DOCUMENT_SNAPSHOT_TOO_LARGE: 'The document is too large to keep a snapshot.',
} as const satisfies Partial<Record<ErrorCode, ErrorTextEntry>>;
