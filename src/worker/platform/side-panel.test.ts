// The toolbar button opens the panel in the same task as the click: Chromium's
// side panel for that tab, Firefox's sidebar through sidebarAction.toggle().
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureSidePanel } from './side-panel';

type Listener = (tab: chrome.tabs.Tab) => void;

function installBrowser(options: { readonly hasSidePanel: boolean }) {
  const listeners: Listener[] = [];
  const calls: string[] = [];
  const sidePanel = {
    setPanelBehavior: vi.fn(async () => undefined),
    open: vi.fn(async ({ tabId }: { tabId: number }) => void calls.push(`sidePanel.open ${tabId}`)),
  };
  vi.stubGlobal('chrome', {
    action: { onClicked: { addListener: (listener: Listener) => listeners.push(listener) } },
    ...(options.hasSidePanel ? { sidePanel } : {}),
  });
  vi.stubGlobal('browser', {
    sidebarAction: {
      toggle: vi.fn(() => {
        calls.push('sidebarAction.toggle');
        return Promise.resolve();
      }),
      open: vi.fn(() => {
        calls.push('sidebarAction.open');
        return Promise.resolve();
      }),
    },
  });
  return { listeners, calls };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('configureSidePanel', () => {
  it('toggles the Firefox sidebar synchronously on a toolbar click, then reports the click', () => {
    const { listeners, calls } = installBrowser({ hasSidePanel: false });
    configureSidePanel((tab) => calls.push(`clicked ${tab.id}`));
    expect(listeners).toHaveLength(1);
    listeners[0]!({ id: 7 } as chrome.tabs.Tab);
    expect(calls).toEqual(['sidebarAction.toggle', 'clicked 7']);
  });

  it("opens Chromium's side panel for the clicked tab and never touches a sidebar", () => {
    const { listeners, calls } = installBrowser({ hasSidePanel: true });
    configureSidePanel((tab) => calls.push(`clicked ${tab.id}`));
    listeners[0]!({ id: 3 } as chrome.tabs.Tab);
    expect(calls).toEqual(['sidePanel.open 3', 'clicked 3']);
  });

  it('still reports the click when the sidebar refuses to toggle', () => {
    const { listeners, calls } = installBrowser({ hasSidePanel: false });
    (
      globalThis as unknown as { browser: { sidebarAction: { toggle: () => never } } }
    ).browser.sidebarAction.toggle = () => {
      throw new Error('sidebarAction.toggle may only be called from a user input handler');
    };
    configureSidePanel((tab) => calls.push(`clicked ${tab.id}`));
    listeners[0]!({ id: 9 } as chrome.tabs.Tab);
    expect(calls).toEqual(['clicked 9']);
  });
});
