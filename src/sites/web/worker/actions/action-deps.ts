// What the web face's action tools (click, type, press_keys) use of the browser: the
// worker's input sessions, made when the worker starts (which also detaches any
// session a previous worker left), the person's site grants, and the tab's address.
import { browserDebugger } from '../input/debugger-api';
import { createInputSessions, type InputSessions } from '../input/debugger-sessions';
import { currentAccessFacts } from '../../../../worker/site-access/current-access';
import type { ActionDeps } from './action-target';
import { browserNavigationWatch } from './navigation-watch';
import { runTabs } from '../tabs/browser-tab-groups';

/** How long the page gets to react to input before its state is read back. */
const SETTLE_MS = 120;

const tabUrl = async (tabId: number) => {
  try {
    const tab = await chrome.tabs.get(tabId);
    return tab.url ?? tab.pendingUrl ?? '';
  } catch {
    return undefined;
  }
};

/** The worker's one set of input sessions (null API where the browser has no debugger). */
export const inputSessions: InputSessions = createInputSessions({
  api: browserDebugger(),
  tabExists: async (tabId) => (await tabUrl(tabId)) !== undefined,
});

export const browserActionDeps: ActionDeps = {
  sessions: inputSessions,
  accessFacts: currentAccessFacts,
  tabUrl,
  watchNavigation: browserNavigationWatch,
  tabs: runTabs,
  settle: (signal) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, SETTLE_MS);
      signal.addEventListener('abort', done, { once: true });
    }),
};
