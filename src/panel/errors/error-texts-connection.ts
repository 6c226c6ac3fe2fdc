// Person-facing texts of the errors around messages, pages, sites, models and the
// addresses and schemas of integrations. Each says what happened and what to do.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { ErrorContext, ErrorTextEntry } from './error-text-types';

const INTERNAL =
  'Side Agent hit an internal problem. Try again; if it keeps happening, reload the panel.';
const modelAt = (context: ErrorContext) =>
  context.modelHost ? `the model at ${context.modelHost}` : 'the model';
const retry = ['retry'] as const;
const retryOrSettings = ['retry', 'settings'] as const;
const settings = ['settings'] as const;

export const CONNECTION_TEXTS = {
  INVALID_ENVELOPE: INTERNAL,
  UNKNOWN_MESSAGE_TYPE: INTERNAL,
  UNKNOWN_PAYLOAD_FIELD: INTERNAL,
  MISSING_PAYLOAD_FIELD: INTERNAL,
  INVALID_PAYLOAD_FIELD:
    'Something in this request was not valid, so nothing was changed. Check what you entered and try again.',
  PAYLOAD_TOO_LARGE:
    'That was too large to send in one piece. Try with less text or fewer attachments.',
  MISSING_REQUEST_ID: INTERNAL,
  MISSING_RUN_ID: INTERNAL,
  UNEXPECTED_RUN_ID: INTERNAL,
  STALE_RUN_ID: 'That answer belongs to a run that already ended. Nothing was changed.',
  SENDER_NOT_ALLOWED: INTERNAL,
  INVALID_RESPONSE: INTERNAL,
  UNKNOWN_REQUEST_ID: INTERNAL,
  DUPLICATE_REQUEST_ID: INTERNAL,
  HANDLER_FAILED: { text: INTERNAL, actions: retry },
  CANCELLED: 'Stopped.',
  TIMEOUT: { text: 'This took too long and was stopped. Try again.', actions: retry },
  PAGE_UNAVAILABLE: {
    text: 'Side Agent cannot reach this page. Reload the page, then try again.',
    actions: retry,
  },
  PAGE_NOT_READY: {
    text: 'The page is still loading. Wait a moment, then try again.',
    actions: retry,
  },
  PAGE_PENDING_LIMIT: {
    text: 'The page is busy with other requests. Wait a moment, then try again.',
    actions: retry,
  },
  PAGE_REQUEST_TIMEOUT: {
    text: 'The page did not answer in time. Reload the page if it seems stuck, then try again.',
    actions: retry,
  },
  PAGE_UNLOADED: {
    text: 'The page was closed or reloaded while Side Agent was working on it. Try again.',
    actions: retry,
  },
  PAGE_NO_EDITOR: 'No editor is open on this page. Open a file in the editor, then try again.',
  PAGE_DOCUMENT_CHANGED: {
    text: 'The page changed (it reloaded or moved on) while Side Agent was working. Try again on the page as it is now.',
    actions: retry,
  },
  PAGE_RUNTIME_REPLACED: {
    text: 'Side Agent was updated or restarted on this page. Reload the page, then try again.',
    actions: retry,
  },
  PAGE_NOT_GRANTED: 'Side Agent may not work on this site yet. Allow it for this site first.',
  SITE_LIMIT_REACHED:
    'You have allowed the most sites Side Agent can keep. Remove one under Settings → Sites, then allow this one.',
  PAGE_REF_INVALID:
    'The agent pointed at an element in a way Side Agent does not understand. It will look at the page again.',
  PAGE_REF_NOT_FOUND:
    'The element the agent meant is no longer on the page. It will look at the page again.',
  PAGE_TARGET_AMBIGUOUS:
    'The agent named an element that matches more than one thing on the page, so nothing was pressed. It will pick one.',
  PAGE_TARGET_NOT_FOUND:
    'The agent named an element the page does not show, so nothing was pressed. It will look at the page again.',
  PAGE_SELECTOR_INVALID:
    'The agent named an element in a way the browser does not understand, so nothing was pressed. It will look at the page again.',
  INPUT_UNAVAILABLE: 'Side Agent cannot act on this tab (the browser does not allow it here).',
  INPUT_NOT_ALLOWED: 'Side Agent may not act on this page.',
  INPUT_ATTACH_FAILED: {
    text: 'Side Agent could not start acting on this tab. Close other debugging tools on it, then try again.',
    actions: retry,
  },
  INPUT_CANCELED_BY_USER:
    'You stopped Side Agent from acting on this tab (the browser\u2019s banner was closed).',
  INPUT_TAB_CLOSED: 'The tab was closed while Side Agent was acting on it.',
  INPUT_TARGET_COVERED:
    'Something covers that part of the page (a dialog or banner), so nothing was clicked.',
  INPUT_TARGET_NOT_VISIBLE: 'That element is not visible on the page, so nothing was done.',
  INPUT_TARGET_MOVING: 'That element moved just before the action, so nothing was done.',
  INPUT_WRONG_CONTROL:
    'That element is not the kind of control the action needs, so nothing was done.',
  INPUT_NOT_ACCEPTED: 'The page did not accept the input.',
  INPUT_OPTION_NOT_FOUND:
    'The list has no single option matching what the agent asked for, so nothing was chosen.',
  TAB_TAKEN_BACK:
    'You took this tab back from Side Agent (out of its tab group), so it did not act there.',
  TAB_LIMIT_REACHED:
    'The agent tried to open more tabs than one task may use, so no new tab was opened.',
  TAB_NOT_IN_TASK:
    'The agent asked for a tab that is not one of this task\u2019s tabs, so it stayed where it was.',
  TAB_CLOSED: 'That tab was closed, so the agent stayed in the tab it was working in.',
  PAGE_UNSAVED_CHANGES: 'The page has edits you have not saved, so Side Agent did not leave it.',
  DONE_UNVERIFIED:
    'The agent said it was finished, but the page still showed unfinished work, so it was sent back to check.',
  DONE_LEDGER_OPEN:
    'The agent said it was finished while items of its checklist were still open, so it was sent back to finish or close them.',
  RESULT_INVALID:
    'The data the agent handed back did not match the JSON format you asked for, so it was sent back to fix it.',
  RESULT_GAVE_UP:
    'The agent could not hand back data in the JSON format you asked for, so it stopped. Try a simpler format with /json, or ask again.',
  RESULT_FORMAT_INVALID:
    'The JSON format of your message cannot be used. Type /json again with a simpler format, such as /json name, price:number.',
  SCRATCHPAD_TOO_LARGE:
    'The agent tried to keep too much text in its notes; nothing was written and it was told to keep less.',
  LEDGER_ID_COLLISION:
    'The agent named one checklist item in two ways; nothing was changed and it was asked to use one name.',
  LEDGER_ROW_CLOSED:
    'The agent tried to change a checklist item it had already finished; nothing was changed.',
  LEDGER_FULL: 'The checklist is full; nothing was added and the agent was told.',
  ELEMENT_WAIT_TIMEOUT: 'What the agent waited for did not show up on the page in time.',
  NAVIGATION_FAILED: 'The page did not open (it was blocked, failed or took too long).',
  SCRIPT_FAILED: 'The script the agent ran on the page failed. The agent was told.',
  SCRIPT_TIMEOUT: 'The script the agent ran on the page took too long and was stopped.',
  UNKNOWN_SITE: 'Side Agent does not know this site.',
  SITE_NOT_SUPPORTED: 'Side Agent does not work on this kind of page.',
  SITE_NOT_ACTIVE: {
    text: 'Side Agent is not running on this page yet. Reload the page, then try again.',
    actions: retry,
  },
  SITE_FEATURE_UNAVAILABLE: 'This page does not offer what that needs.',
  NO_DOCUMENT: 'There is no document open on this page. Open one, then try again.',
  PROVIDER_AUTH: {
    text: (context) =>
      `${capitalize(modelAt(context))} refused the API key. Check the key in Settings → Models.`,
    actions: settings,
  },
  PROVIDER_RATE_LIMITED: {
    text: (context) =>
      `${capitalize(modelAt(context))} is limiting requests right now. Wait a minute, then retry.`,
    actions: retry,
  },
  PROVIDER_OVERLOADED: {
    text: (context) =>
      `${capitalize(modelAt(context))} is overloaded right now. Wait a moment, then retry.`,
    actions: retry,
  },
  PROVIDER_CONTEXT_TOO_LONG: {
    text: 'This chat is too long for the model. Start a new chat, or choose a model with a larger context window.',
    actions: settings,
  },
  PROVIDER_UNKNOWN_MODEL: {
    text: (context) =>
      `${capitalize(modelAt(context))} does not know the model name you chose. Check the model name in Settings → Models.`,
    actions: settings,
  },
  PROVIDER_INVALID_SETTINGS: {
    text: 'The model settings are not valid (for example the base URL). Fix them in Settings → Models.',
    actions: settings,
  },
  PROVIDER_NETWORK: {
    text: (context) =>
      `Can\u2019t reach ${modelAt(context)}${isLoopback(context.modelHost) ? ' \u2014 is the model server (Ollama, LM Studio, llama.cpp) running?' : ' \u2014 check your connection and the base URL.'}`,
    actions: retryOrSettings,
  },
  PROVIDER_BLOCKED_BY_ORIGIN: {
    text: (context) =>
      `${capitalize(modelAt(context))} is running but won\u2019t let Side Agent read its answers. Save the model again in Settings \u2192 Models and allow access when your browser asks, or make the server send the header Access-Control-Allow-Origin (in LM Studio, turn on \u201cEnable CORS\u201d).`,
    actions: retryOrSettings,
  },
  PROVIDER_SIGN_IN_FAILED: {
    text: 'Signing in to the model provider did not finish, so no key was saved. Sign in again in Settings \u2192 Models, or paste an API key instead.',
    actions: ['settings'],
  },
  PROVIDER_TIMEOUT: {
    text: (context) =>
      `${capitalize(modelAt(context))} took too long to answer. Retry, or check that it is running.`,
    actions: retryOrSettings,
  },
  PROVIDER_HTTP_ERROR: {
    text: (context) =>
      `${capitalize(modelAt(context))} answered with an error. Retry; if it keeps happening, check the model settings.`,
    actions: retryOrSettings,
  },
  PROVIDER_STREAM_ERROR: {
    text: 'The model stopped with an error in the middle of its answer. Retry.',
    actions: retry,
  },
  PROVIDER_MALFORMED_STREAM: {
    text: 'The model sent an answer Side Agent could not read. Retry, or check that the base URL points at an OpenAI-compatible API.',
    actions: retryOrSettings,
  },
  PROVIDER_STREAM_TOO_LARGE: {
    text: 'The model\u2019s answer was too long to keep. Ask for a shorter answer.',
    actions: retry,
  },
  PROVIDER_INVALID_TOOL_CALL: {
    text: 'The model asked for a tool in a way Side Agent could not read. Retry.',
    actions: retry,
  },
  PROVIDER_ARGUMENTS_TOO_LARGE: {
    text: 'The model sent a tool call that was too large. Retry.',
    actions: retry,
  },
  PROVIDER_TOO_MANY_TOOL_CALLS: {
    text: 'The model asked for too many tools at once. Retry.',
    actions: retry,
  },
  PROVIDER_DUPLICATE_TOOL_CALL_ID: {
    text: 'The model sent a confused tool call. Retry.',
    actions: retry,
  },
  INVALID_URL:
    'That address is not a valid URL. Enter a full address such as https://example.com/v1.',
  UNSUPPORTED_SCHEME: 'Only http and https addresses can be used here.',
  EMBEDDED_CREDENTIALS:
    'The address contains a user name or password. Remove it from the address and put the key in the API key field instead.',
  INSECURE_CONFIRMATION_REQUIRED:
    'That address is not encrypted (http to another computer). Use https, or confirm that you accept sending data unencrypted.',
  INVALID_HEADER: 'One of the headers is not valid. Check its name and value.',
  PROTECTED_HEADER: 'That header is set by the browser and cannot be changed here.',
  INVALID_SCHEMA: 'The tool\u2019s input description (JSON Schema) is not valid.',
  UNSUPPORTED_SCHEMA_KEYWORD:
    'The tool\u2019s input description uses a JSON Schema feature Side Agent does not support.',
  SCHEMA_TOO_COMPLEX:
    'The tool\u2019s input description is too complex for Side Agent to check safely.',
  SCHEMA_PATTERN: 'A pattern in the tool\u2019s input description is not valid.',
  SCHEMA_PATTERN_UNSAFE:
    'A pattern in the tool\u2019s input description could be very slow to check, so it was refused.',
  INVALID_MCP_HEADER: 'One of the MCP server\u2019s header settings is not valid.',
  DUPLICATE_MCP_HEADER: 'The MCP server\u2019s tool sets the same header twice.',
  ARGUMENTS_NOT_JSON_TEXT:
    'The model sent tool input Side Agent could not read. It was told and can try again.',
  ARGUMENTS_TOO_LARGE:
    'The model sent tool input that was too large. It was told and can try again.',
  ARGUMENTS_PARSE_ERROR:
    'The model sent tool input that was not valid JSON. It was told and can try again.',
  ARGUMENTS_ROOT_TYPE:
    'The model sent tool input of the wrong shape. It was told and can try again.',
  ARGUMENT_COMPLEXITY:
    'The model sent tool input that was too deeply nested. It was told and can try again.',
  ARGUMENTS_INVALID:
    'The model sent tool input that did not fit the tool. It was told and can try again.',
} as const satisfies Partial<Record<ErrorCode, ErrorTextEntry>>;

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether a model host is this computer, where a local model server may simply not run. */
function isLoopback(host: string | undefined): boolean {
  if (!host) return false;
  const name = host.replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || name.startsWith('127.');
}
