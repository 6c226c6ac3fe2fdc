// The isolated world's act handlers as a plain page script, for tests and benchmarks
// that run them in real Chromium without the extension: refs are handed out here the
// way the tree observation hands them out, then the shipped handlers answer.
import { startActHandlers } from '../../../src/sites/web/isolated/act/act-handlers';
import { createRefRegistry } from '../../../src/sites/web/isolated/tree/refs';

const refs = createRefRegistry();
const handlers = startActHandlers(refs);

(globalThis as Record<string, unknown>)['__act'] = {
  refOf: (selector: string) => {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`no element ${selector}`);
    return refs.numberOf(element);
  },
  /** The ref of an element inside the open shadow root of `host`. */
  refInShadow: (host: string, selector: string) => {
    const element = document.querySelector(host)?.shadowRoot?.querySelector(selector);
    if (!element) throw new Error(`no element ${selector} in ${host}`);
    return refs.numberOf(element);
  },
  request: (method: keyof typeof handlers, payload: never) =>
    (handlers[method] as (payload: never, context: never) => unknown)(payload, {} as never),
};
