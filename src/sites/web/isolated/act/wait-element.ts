// ## Owns
// `web/wait-element` in one frame: find the element a query names (its ref, role and
// name, or text it shows) and wait, for one bounded slice, until it is in the state
// asked for. Checks run when the page changes (a MutationObserver, the end of a
// transition or animation), coalesced to one per 50 ms, not on a fast timer.
// ## Why a slow re-check as well
// A few changes reach the screen without a DOM mutation in this document: a style
// sheet's media query, a change inside a shadow root (observers do not cross into
// them), a transition that ends without an event. A check every 500 ms catches those.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type {
  ElementQuery,
  ElementStateWanted,
  WaitAnswer,
  waitMethods,
} from '../../methods/wait-methods';
import type { RefRegistry } from '../tree/refs';
import { accessibleName } from '../tree/names';
import { roleOf } from '../tree/roles';
import { isShownToPerson } from '../tree/visibility';
import { isDisabled } from './element-state';
import { describeElement } from './hit-test';

/** Elements looked at per check for a role or text query; a huge page is cut, not hung. */
const MAX_SCANNED = 20_000;
const MIN_CHECK_GAP_MS = 50;
const SLOW_CHECK_MS = 500;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

/** The elements the query names now, best match first (at most a few). */
export function matchesOf(
  doc: Document,
  query: ElementQuery,
  refs: RefRegistry,
): Element[] | 'gone' {
  if (query.by === 'ref') {
    const element = refs.elementOf(query.ref);
    return element ? [element] : 'gone';
  }
  if (query.by === 'role') {
    const wanted = query.name === null ? null : clean(query.name);
    const exact: Element[] = [];
    const partial: Element[] = [];
    let scanned = 0;
    for (const element of doc.querySelectorAll('*')) {
      if ((scanned += 1) > MAX_SCANNED) break;
      if (roleOf(element) !== query.role) continue;
      // The tree shows a nameless element by its text ("status: Results ready"), so
      // a name asked for matches that text too.
      const name =
        wanted === null
          ? ''
          : clean(accessibleName(element, 200) || (element.textContent ?? '').slice(0, 400));
      if (wanted === null || name === wanted) exact.push(element);
      else if (wanted.length > 0 && name.includes(wanted)) partial.push(element);
    }
    return [...exact, ...partial].slice(0, 8);
  }
  const wanted = clean(query.text);
  const found: Element[] = [];
  if (!doc.body || wanted.length === 0) return found;
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  let scanned = 0;
  for (let node = walker.nextNode(); node && found.length < 8; node = walker.nextNode()) {
    if ((scanned += 1) > MAX_SCANNED) break;
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, template')) continue;
    if (clean(node.textContent ?? '').includes(wanted) && !found.includes(parent))
      found.push(parent);
  }
  return found;
}

/** Whether `element` is in `state`. */
function isIn(element: Element, state: ElementStateWanted): boolean {
  switch (state) {
    case 'attached':
      return element.isConnected;
    case 'visible':
      return isShownToPerson(element);
    case 'enabled':
      return !isDisabled(element);
    case 'hidden':
      return !isShownToPerson(element);
  }
}

/** One look at the page: the answer when the state holds (or never can), else what shows now. */
export function checkOnce(
  doc: Document,
  query: ElementQuery,
  state: ElementStateWanted,
  refs: RefRegistry,
): WaitAnswer {
  const matches = matchesOf(doc, query, refs);
  if (matches === 'gone')
    return state === 'hidden' ? { status: 'met', ref: null, target: null } : { status: 'gone' };
  if (state === 'hidden') {
    const shown = matches.find((element) => isShownToPerson(element));
    return shown
      ? { status: 'waiting', target: describeElement(shown), seen: 'visible' }
      : { status: 'met', ref: null, target: null };
  }
  const hit = matches.find((element) => isIn(element, state));
  if (hit) return { status: 'met', ref: refs.numberOf(hit), target: describeElement(hit) };
  const first = matches[0];
  if (!first) return { status: 'waiting', target: null, seen: 'not on the page' };
  return {
    status: 'waiting',
    target: describeElement(first),
    seen: state === 'enabled' ? 'disabled' : 'hidden',
  };
}

/** Waits up to `maxMs` for the state; resolves at once when it already holds. */
export function waitForElement(
  doc: Document,
  request: { query: ElementQuery; state: ElementStateWanted; maxMs: number },
  refs: RefRegistry,
  signal: AbortSignal,
): Promise<WaitAnswer> {
  const { query, state, maxMs } = request;
  return new Promise((resolve) => {
    let last = checkOnce(doc, query, state, refs);
    if (last.status !== 'waiting' || maxMs === 0 || signal.aborted) {
      resolve(last);
      return;
    }
    let pending: ReturnType<typeof setTimeout> | null = null;
    let lastCheck = performance.now();
    const finish = () => {
      observer.disconnect();
      clearTimeout(deadline);
      clearInterval(slow);
      if (pending !== null) clearTimeout(pending);
      doc.removeEventListener('transitionend', schedule, true);
      doc.removeEventListener('animationend', schedule, true);
      signal.removeEventListener('abort', finish);
      resolve(last);
    };
    const check = () => {
      pending = null;
      lastCheck = performance.now();
      last = checkOnce(doc, query, state, refs);
      if (last.status !== 'waiting') finish();
    };
    function schedule() {
      if (pending !== null) return;
      const wait = Math.max(0, MIN_CHECK_GAP_MS - (performance.now() - lastCheck));
      pending = setTimeout(check, wait);
    }
    const observer = new MutationObserver(schedule);
    observer.observe(doc, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    doc.addEventListener('transitionend', schedule, true);
    doc.addEventListener('animationend', schedule, true);
    const slow = setInterval(schedule, SLOW_CHECK_MS);
    const deadline = setTimeout(() => {
      last = checkOnce(doc, query, state, refs);
      finish();
    }, maxMs);
    signal.addEventListener('abort', finish, { once: true });
  });
}

/** The wait method's handler in one frame, over the frame's ref registry. */
export function startWaitHandlers(
  refs: RefRegistry,
): RequestHandlers<RequestChannel<typeof waitMethods>> {
  return {
    'web/wait-element': (request, context) =>
      waitForElement(document, request, refs, context.signal),
  };
}
