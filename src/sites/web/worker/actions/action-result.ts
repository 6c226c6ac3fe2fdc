// ## Owns
// What an action's result tells the model: what it did, and what changed on the page
// since just before (the address, the focused element, the element's own state,
// dialogs that opened or closed). Everything read from the page is labelled as page
// data; our own words stay outside the label.
import type { JsonValue, ToolOutcome, ToolRunContext } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import type { ElementState, PageState } from '../../methods/act-methods';
import type { ActionDeps } from './action-target';

/** The page after an action: its state, or only its address when it navigated away. */
interface After {
  readonly url: string | undefined;
  readonly state: PageState | null;
}

/** Reads the page back once it had a moment to react; a navigation is not read into. */
export async function pageAfter(
  deps: ActionDeps,
  context: ToolRunContext,
  ref: number | null,
  before: PageState,
): Promise<After> {
  await deps.settle(context.signal);
  const url = await deps.tabUrl(context.page.tabId);
  // A new address means a new document: asking it would pause the run for the
  // navigation, and its refs are new anyway.
  if (url !== undefined && stripHash(url) !== stripHash(before.url)) return { url, state: null };
  const state = await context.page.request('web/act-state', { ref });
  return { url, state: state.ok ? state.data : null };
}

const stripHash = (url: string) => url.replace(/#.*$/, '');

const STATE_KEYS = ['value', 'checked', 'expanded', 'selected', 'disabled'] as const;

function elementChanges(before: ElementState | null, after: ElementState | null): JsonValue[] {
  if (!before || !after) return [];
  if (before.found && !after.found) return ['the element is no longer on the page'];
  const changes: JsonValue[] = [];
  for (const key of STATE_KEYS) {
    if (before[key] !== after[key]) changes.push({ [key]: { from: before[key], to: after[key] } });
  }
  return changes;
}

/** The changes between two states, as page data (descriptions and values come from the page). */
export function changesOf(before: PageState, after: After): Record<string, JsonValue> {
  const changes: Record<string, JsonValue> = {};
  if (after.url !== undefined && after.url !== before.url) changes['url'] = after.url;
  if (!after.state) {
    if (after.url !== undefined && changes['url'] !== undefined) changes['navigated'] = true;
    return changes;
  }
  const state = after.state;
  if (state.focused !== before.focused) changes['focused'] = state.focused;
  const opened = state.dialogs.filter((dialog) => !before.dialogs.includes(dialog));
  const closed = before.dialogs.filter((dialog) => !state.dialogs.includes(dialog));
  if (opened.length > 0) changes['dialogs_opened'] = opened;
  if (closed.length > 0) changes['dialogs_closed'] = closed;
  const element = elementChanges(before.element, state.element);
  if (element.length > 0) changes['element'] = element;
  return changes;
}

/** A finished action's outcome: what was done in our words, what changed as page data. */
export function actionOutcome(
  done: string,
  target: string,
  changes: Record<string, JsonValue>,
  summary: string,
): ToolOutcome {
  const nothing = Object.keys(changes).length === 0;
  return {
    ok: true,
    result: {
      done,
      ...(nothing
        ? {
            note: 'Nothing visible changed right after the action. The page may react later, or it ignored the input; look at the page before acting again.',
          }
        : {}),
      ...untrustedPageData('the page after the action', { target, changes }),
    },
    summary,
  };
}
