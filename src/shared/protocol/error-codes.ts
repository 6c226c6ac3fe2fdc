// Every structured error code the extension can report. One string-literal union,
// so a typo in a code is a type error and the panel can switch on codes
// exhaustively. Group comments say which boundary raises them.
export const ERROR_CODES = [
  // Envelope and router (any receiving context).
  'INVALID_ENVELOPE',
  'UNKNOWN_MESSAGE_TYPE',
  'UNKNOWN_PAYLOAD_FIELD',
  'MISSING_PAYLOAD_FIELD',
  'INVALID_PAYLOAD_FIELD',
  'PAYLOAD_TOO_LARGE',
  'MISSING_REQUEST_ID',
  'MISSING_RUN_ID',
  'UNEXPECTED_RUN_ID',
  'STALE_RUN_ID',
  'SENDER_NOT_ALLOWED',
  'INVALID_RESPONSE',
  'UNKNOWN_REQUEST_ID',
  'DUPLICATE_REQUEST_ID',
  'HANDLER_FAILED',
  'CANCELLED',
  'TIMEOUT',
  // Page bridge.
  'PAGE_UNAVAILABLE',
  'PAGE_NOT_READY',
  'PAGE_PENDING_LIMIT',
  'PAGE_REQUEST_TIMEOUT',
  'PAGE_UNLOADED',
  'PAGE_NO_EDITOR',
  'PAGE_DOCUMENT_CHANGED',
  'PAGE_RUNTIME_REPLACED',
  'PAGE_NOT_GRANTED',
  // Site access (src/worker/site-access): the sites the person allowed.
  'SITE_LIMIT_REACHED',
  // Element refs from a page observation (`e15`, `f2:e15`): malformed, or naming no
  // element the page still shows.
  'PAGE_REF_INVALID',
  'PAGE_REF_NOT_FOUND',
  // An element named by its text or a CSS selector instead of a ref: more than one
  // match, none, or a selector the browser cannot read.
  'PAGE_TARGET_AMBIGUOUS',
  'PAGE_TARGET_NOT_FOUND',
  'PAGE_SELECTOR_INVALID',
  // Trusted input on web pages (src/sites/web/worker/input): the debugger session of a
  // run, and the checks an action makes before it touches the page.
  'INPUT_UNAVAILABLE',
  'INPUT_NOT_ALLOWED',
  'INPUT_ATTACH_FAILED',
  'INPUT_CANCELED_BY_USER',
  'INPUT_TAB_CLOSED',
  'INPUT_TARGET_COVERED',
  'INPUT_TARGET_NOT_VISIBLE',
  'INPUT_TARGET_MOVING',
  'INPUT_WRONG_CONTROL',
  'INPUT_NOT_ACCEPTED',
  /** No option of the list matches what was asked, or several do (the options are listed). */
  'INPUT_OPTION_NOT_FOUND',
  /** The person took the tab out of the run's tab group, so the run may not act on it. */
  'TAB_TAKEN_BACK',
  /** A run asked to open more tabs than one run may work in. */
  'TAB_LIMIT_REACHED',
  /** A run asked to switch to a tab that is not one of its tabs (or names none). */
  'TAB_NOT_IN_TASK',
  /** A run asked to switch to one of its tabs that the person closed since. */
  'TAB_CLOSED',
  /** A navigation would drop edits the person made on the page (unsubmitted form fields). */
  'PAGE_UNSAVED_CHANGES',
  /** The tab did not arrive at the address (blocked, failed, or timed out). */
  'NAVIGATION_FAILED',
  /** A Dev-mode script threw, or its result could not be returned. */
  'SCRIPT_FAILED',
  /** A Dev-mode script did not finish within its time limit. */
  'SCRIPT_TIMEOUT',
  /** `done` claimed success while the page still shows unfinished work (a dialog, a form). */
  'DONE_UNVERIFIED',
  /** `done` was called while progress-ledger rows were still pending or acted. */
  'DONE_LEDGER_OPEN',
  /** The data a run handed back does not match the JSON format the person asked for. */
  'RESULT_INVALID',
  /** The model kept handing back data that does not match the format, and the run stopped. */
  'RESULT_GAVE_UP',
  /** The JSON format the person's message asked for cannot be used (our schema gate refused it). */
  'RESULT_FORMAT_INVALID',
  /** A scratchpad write was too large to keep. */
  'SCRATCHPAD_TOO_LARGE',
  /** Two ledger ids that name one row (same id folded, different spelling). */
  'LEDGER_ID_COLLISION',
  /** A ledger update touched a closed row without reopening it. */
  'LEDGER_ROW_CLOSED',
  /** The ledger would hold more rows than it may. */
  'LEDGER_FULL',
  /** `wait_for_element` did not see the element in the state asked for in time. */
  'ELEMENT_WAIT_TIMEOUT',
  // Site registry (src/sites, src/worker/sites): which site serves a tab and what it offers.
  'UNKNOWN_SITE',
  'SITE_NOT_SUPPORTED',
  'SITE_NOT_ACTIVE',
  'SITE_FEATURE_UNAVAILABLE',
  'NO_DOCUMENT',
  // Providers (src/worker/providers): one code per failure a user can act on.
  'PROVIDER_AUTH',
  'PROVIDER_RATE_LIMITED',
  'PROVIDER_OVERLOADED',
  'PROVIDER_CONTEXT_TOO_LONG',
  'PROVIDER_UNKNOWN_MODEL',
  'PROVIDER_INVALID_SETTINGS',
  'PROVIDER_NETWORK',
  'PROVIDER_BLOCKED_BY_ORIGIN',
  'PROVIDER_SIGN_IN_FAILED',
  'PROVIDER_TIMEOUT',
  'PROVIDER_HTTP_ERROR',
  'PROVIDER_STREAM_ERROR',
  'PROVIDER_MALFORMED_STREAM',
  'PROVIDER_STREAM_TOO_LARGE',
  'PROVIDER_INVALID_TOOL_CALL',
  'PROVIDER_ARGUMENTS_TOO_LARGE',
  'PROVIDER_TOO_MANY_TOOL_CALLS',
  'PROVIDER_DUPLICATE_TOOL_CALL_ID',
  // Endpoint and header policy (src/worker/integrations/endpoint-policy.ts): raised
  // when a model, custom-tool or MCP destination is saved and again at dispatch.
  'INVALID_URL',
  'UNSUPPORTED_SCHEME',
  'EMBEDDED_CREDENTIALS',
  'INSECURE_CONFIRMATION_REQUIRED',
  'INVALID_HEADER',
  'PROTECTED_HEADER',
  // JSON-Schema subset gate (src/worker/tools/schema-subset): custom tools at save,
  // MCP tools at discovery. Details carry the JSON path of each offending keyword.
  'INVALID_SCHEMA',
  'UNSUPPORTED_SCHEMA_KEYWORD',
  'SCHEMA_TOO_COMPLEX',
  'SCHEMA_PATTERN',
  'SCHEMA_PATTERN_UNSAFE',
  'INVALID_MCP_HEADER',
  'DUPLICATE_MCP_HEADER',
  // Tool-call arguments (src/worker/tools/validate-arguments.ts), right before dispatch.
  'ARGUMENTS_NOT_JSON_TEXT',
  'ARGUMENTS_TOO_LARGE',
  'ARGUMENTS_PARSE_ERROR',
  'ARGUMENTS_ROOT_TYPE',
  'ARGUMENT_COMPLEXITY',
  'ARGUMENTS_INVALID',
  // Edit pipeline of document tools: resolving an editor-write tool into
  // changes against one snapshot. The model receives these as structured tool errors.
  'INVALID_EDIT_RANGE',
  'INVALID_EDIT_ARGUMENTS',
  'EDIT_TARGET_NOT_FOUND',
  'EDIT_TARGET_AMBIGUOUS',
  'EDIT_RANGES_OVERLAP',
  'EDIT_SELECTION_EMPTY',
  'EDIT_DOCUMENT_TOO_LARGE',
  'EDIT_TOO_MANY_CHANGES',
  'EDIT_INSERT_TOO_LARGE',
  // The proposed document would have a syntax error the current one does not have;
  // the edit goes back to the model before anyone reviews it.
  'EDIT_SYNTAX_ERROR',
  // Agent core (src/worker/agent): run admission, the tool loop, interactions and
  // auto-naming. Tool failures reach the model as structured results with these codes.
  'RUN_NOT_RESERVED',
  'RUN_RESERVATION_MISMATCH',
  'RUN_RESERVATION_LIMIT',
  'DUPLICATE_RUN_ID',
  'SESSION_RUN_ACTIVE',
  'RUN_NOT_FOUND',
  'RUN_INTERRUPTED',
  // A run a new worker could not resume: its tab closed or shows another page, it was
  // resumed too often, or its plan card was open. A resumed run's open calls are
  // settled: one sent without a result has an unknown outcome, one waiting for the
  // person was not done.
  'RUN_TAB_CLOSED',
  'RUN_TAB_CHANGED',
  'RUN_RESUME_LIMIT',
  'RUN_RESUME_PLAN_LOST',
  'RUN_RESUMED',
  'RUN_RESUMED_UNKNOWN_OUTCOME',
  'RUN_RESUMED_NOT_ASKED',
  'INVALID_RUN_TAB',
  'RUN_SCOPE_CHANGED',
  'UNKNOWN_TOOL_EFFECT',
  'SESSION_NOT_FOUND',
  'USER_TURN_NOT_FOUND',
  'MODEL_MISSING',
  'UNKNOWN_TOOL',
  // A call to a tool this run does not offer: not in the chat's mode (Ask, Act, Dev)
  // or not at the model's prompt tier; and a mode the run's model cannot start in.
  'TOOL_NOT_IN_MODE',
  'TOOL_NOT_IN_TIER',
  'AGENT_MODE_UNAVAILABLE',
  'TOOL_REGISTRY_COLLISION',
  'TOOL_ROUND_LIMIT',
  /** The run took the person's maximum of steps (Settings → Agent); Continue goes on. */
  'STEP_LIMIT_REACHED',
  /** A token limit the person set (per response or per day) is used up. */
  'BUDGET_RUN_REACHED',
  'BUDGET_DAY_REACHED',
  /** A cost limit the person set (per response or per day) is used up by priced models. */
  'BUDGET_RUN_COST_REACHED',
  'BUDGET_DAY_COST_REACHED',
  /** The run kept repeating itself (the same call, element or pair of pages) and was ended. */
  'RUN_LOOP_STOPPED',
  // Plan before Act (src/worker/agent/plan): the run ended before any browser tool ran
  // because the person rejected its plan, did not answer in time, or the planner's
  // answer was not a usable plan even after one repair request.
  'PLAN_REJECTED',
  'PLAN_TIMEOUT',
  'PLAN_INVALID',
  'TOOL_DENIED',
  'TOOL_FAILED',
  'EDIT_REJECTED',
  'PAGE_WAIT_TIMEOUT',
  'PAGE_WAIT_SKIPPED',
  'TITLE_EMPTY',
  'TITLE_FAILED',
  // Storage (src/worker/storage): chats in IndexedDB, settings in chrome.storage.local.
  // Write failures say the change was not saved; later writes keep working.
  'STORAGE_QUOTA_EXCEEDED',
  'STORAGE_WRITE_FAILED',
  'STORAGE_READ_FAILED',
  'SESSION_RECORD_INVALID',
  'SESSION_IMPORT_INVALID',
  'SESSION_IMPORT_SIZE_LIMIT',
  'SESSION_EXPORT_TOO_LARGE',
  'UNKNOWN_MODEL',
  'DUPLICATE_MODEL_NAME',
  // Integrations (src/worker/integrations): custom HTTP tools and MCP servers, at
  // save, discovery and call. Calls return these to the model as structured results.
  'INTEGRATION_NOT_FOUND',
  'INTEGRATION_INVALID',
  'INTEGRATION_NETWORK',
  'REDIRECT_REFUSED',
  'CUSTOM_TOOL_NAME_INVALID',
  'CUSTOM_TOOL_NAME_COLLISION',
  'CUSTOM_HTTP_ERROR',
  'CUSTOM_RESPONSE_TOO_LARGE',
  'MCP_HTTP_ERROR',
  'MCP_RESPONSE_TOO_LARGE',
  'MCP_PROTOCOL_ERROR',
  'MCP_UNSUPPORTED_VERSION',
  'MCP_PAGE_LIMIT',
  'MCP_TOOL_LIMIT',
  'MCP_DUPLICATE_TOOL',
  'MCP_INVALID_TOOL',
  'MCP_TOOL_ERROR',
  'MCP_INPUT_REQUIRED_UNSUPPORTED',
  'MCP_INVALID_JSON',
  'MCP_AUTH_REQUIRED',
  'MCP_AUTH_FORBIDDEN',
  'MCP_AUTH_FAILED',
  'CUSTOM_INVALID_JSON',
  'CUSTOM_UNSUPPORTED_CONTENT',
  // Document sites and their tools (src/page/kit, src/sites/*): the guarded commit
  // refuses a stale scope, file, editor or document and changes nothing; the rest are
  // waits, reviews and reads the model gets back as structured errors.
  'STALE_SCOPE',
  'STALE_EDIT_FILE',
  'STALE_EDITOR',
  'STALE_DOCUMENT',
  'STALE_FILE_RETRY_LIMIT',
  'PREFLIGHT_SKIPPED',
  'INVALID_PROJECT_FILE_PATH',
  'FILES_PANEL_UNAVAILABLE',
  'CAPTURE_UNAVAILABLE',
  'CAPTURE_TOO_LARGE',
  'UNKNOWN_DOCS_TOPIC',
  // Inline completion: the pause a completion was asked for is over (the person typed,
  // moved or left), or the editor cannot show ghost text.
  'COMPLETION_STALE',
  'COMPLETION_UNAVAILABLE',
  // Recovery (src/worker/recovery): the revert journal and document snapshots. Every
  // refusal leaves the document and the journal in a state the person can act on.
  'EDIT_CHECKPOINT_CONFLICT',
  'EDIT_CHECKPOINT_TOO_LARGE',
  'EDIT_CHECKPOINT_HISTORY_BUSY',
  'EDIT_REVERT_CONFLICT',
  'EDIT_REVERT_UNAVAILABLE',
  'EDIT_REVERT_RUN_ACTIVE',
  'EDIT_REVERT_ACTIVE',
  'EDIT_REVERT_PROJECT_MISMATCH',
  'EDIT_REVERT_MAY_HAVE_LANDED',
  'DOCUMENT_SNAPSHOT_NOT_FOUND',
  'DOCUMENT_SNAPSHOT_FILE_MISMATCH',
  'DOCUMENT_SNAPSHOT_INTEGRITY',
  'DOCUMENT_SNAPSHOT_TOO_LARGE',
  // User memory (src/worker/memory): what may be remembered, and memory files. A
  // refusal stores nothing and changes nothing already stored.
  'MEMORY_TEXT_REFUSED',
  'MEMORY_NOT_FOUND',
  'MEMORY_LIMIT_REACHED',
  'MEMORY_IMPORT_INVALID',
  'MEMORY_IMPORT_TOO_LARGE',
  // Profile and autofill (src/worker/profile): the encrypted profile and its session
  // key. A refusal changes nothing stored.
  'PROFILE_NOT_SET',
  'PROFILE_EXISTS',
  'PROFILE_LOCKED',
  'PROFILE_WRONG_PASSPHRASE',
  'PROFILE_PASSPHRASE_TOO_SHORT',
  'PROFILE_ENTRY_INVALID',
  'PROFILE_ENTRY_NOT_FOUND',
  'PROFILE_LIMIT_REACHED',
  'PROFILE_VALUE_TOO_LONG',
  'PROFILE_DAMAGED',
  // Skills (src/worker/skills): skill files, their tool manifests and their tool calls.
  // A refused import or edit stores nothing and changes nothing already stored.
  'SKILL_INVALID',
  'SKILL_TOO_LARGE',
  'SKILL_MANIFEST_INVALID',
  'SKILL_TOO_MANY_TOOLS',
  'SKILL_ENDPOINT_REFUSED',
  'SKILL_TOOL_NAME_COLLISION',
  'SKILL_SCRIPT_REFUSED',
  'SKILL_SECRET_REFUSED',
  'SKILL_DUPLICATE',
  'SKILL_NOT_FOUND',
  'SKILL_LIMIT_REACHED',
  'SKILL_ARGUMENT_NOT_ALLOWED',
  'SKILL_JOB_FAILED',
  'SKILL_JOB_TIMEOUT',
  'SKILL_DOWNLOAD_FAILED',
  // Scheduled tasks (src/worker/jobs): a refused schedule or edit stores nothing; a run
  // the job cannot start leaves the job and its history in place, with the reason.
  'JOB_SCHEDULE_INVALID',
  'JOB_NOT_FOUND',
  'JOB_STATE_CONFLICT',
  'JOB_LIMIT_REACHED',
  'JOB_TARGET_TAB_GONE',
  'JOB_TARGET_NAVIGATED',
  'JOB_QUEUE_EXHAUSTED',
  'JOB_FAILING',
  'JOBS_DISABLED',
  // The web agent's network reads (src/sites/web/worker/network): an address it never
  // reaches, a write method without the person's leave, a failed or binary response.
  'FETCH_ADDRESS_REFUSED',
  'FETCH_METHOD_NOT_ALLOWED',
  'FETCH_WRITES_NOT_ALLOWED',
  'FETCH_REQUEST_REFUSED',
  'FETCH_NETWORK',
  'FETCH_BINARY_CONTENT',
  // research_url: the hidden tab did not load in time, or ended on a page it may not read.
  'RESEARCH_TIMEOUT',
  'RESEARCH_REFUSED',
  'RESEARCH_BUSY',
  // Run traces (src/worker/traces): a full store stops that run's trace and keeps what
  // was stored; a run past its event cap keeps its first events.
  'TRACE_QUOTA_EXCEEDED',
  'TRACE_EVENT_LIMIT',
  'TRACE_NOT_FOUND',
  // The web agent's files (src/sites/web/worker/files): a file over the size bound,
  // the per-run download cap, Downloads not allowed, an unknown download, a PDF that
  // is encrypted, broken or too slow to read.
  'DOWNLOAD_TOO_LARGE',
  'DOWNLOAD_LIMIT_REACHED',
  'DOWNLOAD_NOT_ALLOWED',
  'DOWNLOAD_FAILED',
  'DOWNLOAD_UNKNOWN',
  'FILE_NOT_TEXT',
  'PDF_ENCRYPTED',
  'PDF_INVALID',
  'PDF_TOO_SLOW',
  // upload_file (src/sites/web/worker/actions): a file past the upload bound, a file
  // the input's accept attribute rejects.
  'UPLOAD_TOO_LARGE',
  'UPLOAD_TYPE_REFUSED',
  // Media downloads (src/sites/web/worker/files): an element or post with no media, a
  // stream that is no file, bytes the page cannot hand over, bytes of another type
  // than the element shows.
  'MEDIA_NOT_FOUND',
  'MEDIA_STREAMING',
  'MEDIA_UNREADABLE',
  'MEDIA_NOT_MEDIA',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
