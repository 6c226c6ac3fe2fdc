// ## Owns
// The act methods of one frame: locate an element by its ref for a trusted press,
// read the page's state around it before and after, and what the safety policy
// needs to know about it. Refs come from the same
// per-document registry the tree observation hands out.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { actMethods } from '../../methods/act-methods';
import type { RefRegistry } from '../tree/refs';
import { controlFacts, linkShown } from './control-facts';
import { elementState, focusedElement, openDialogs } from './element-state';
import { describeElement } from './hit-test';
import { locateElement } from './locate';
import { unsavedFields } from './unsaved-fields';

type Channel = RequestChannel<typeof actMethods>;

export function startActHandlers(refs: RefRegistry): RequestHandlers<Channel> {
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
    'web/act-unsaved': () => ({ fields: unsavedFields(document) }),
  };
}
