// ## Owns
// The act methods of one frame: locate an element by its ref for a trusted press,
// read the page's state around it before and after, and what the safety policy
// needs to know about it. Refs come from the same
// per-document registry the tree observation hands out.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { actMethods } from '../../methods/act-methods';
import type { findMethods } from '../../methods/find-methods';
import { findAtPoint, findBySelector, findByText } from './find-element';
import type { RefRegistry } from '../tree/refs';
import { controlFacts, linkShown } from './control-facts';
import { elementState, focusedElement, openDialogs } from './element-state';
import { describeElement } from './hit-test';
import { locateElement } from './locate';
import { selectedNow, selectOption } from './select-option';
import { unsavedFields } from './unsaved-fields';

type Channel = RequestChannel<typeof actMethods & typeof findMethods>;

/** How long after `beforeunload` the document still counts as on its way out. */
const LEAVING_MS = 5_000;

export function startActHandlers(refs: RefRegistry): RequestHandlers<Channel> {
  // The browser asks a document before it navigates away (a link, a form submit), so
  // the worker learns of a navigation that has not reached the tab's status yet.
  let leftAt = Number.NEGATIVE_INFINITY;
  addEventListener('beforeunload', () => void (leftAt = performance.now()), { capture: true });
  return {
    'web/act-locate': ({ ref, scroll }) => {
      const element = refs.elementOf(ref);
      return element ? locateElement(element, scroll) : { status: 'gone' };
    },
    'web/act-state': ({ ref }) => {
      const focused = focusedElement(document);
      return {
        url: location.href.slice(0, 2_048),
        focused: focused ? describeElement(focused) : null,
        dialogs: openDialogs(document),
        element: ref === null ? null : elementState(refs.elementOf(ref)),
        leaving: performance.now() - leftAt < LEAVING_MS,
      };
    },
    'web/act-facts': ({ ref, enter, url }) => {
      const element = ref === null ? focusedElement(document) : refs.elementOf(ref);
      return {
        control: element ? controlFacts(element, enter) : null,
        linkShown: url === null ? false : linkShown(document, url),
        url: location.href.slice(0, 2_048),
      };
    },
    'web/act-select': ({ ref, option, check }) => {
      const element = refs.elementOf(ref);
      if (!element) return { status: 'gone' };
      if (check) return selectedNow(element, option);
      return selectOption(element, option, (found) => refs.numberOf(found));
    },
    'web/act-unsaved': () => ({ fields: unsavedFields(document) }),
    'web/act-find': (request) => {
      if (request.by === 'text') return findByText(request.text, request.match, refs);
      if (request.by === 'point') return findAtPoint(request.x, request.y, refs);
      return findBySelector(request.selector, refs);
    },
  };
}
