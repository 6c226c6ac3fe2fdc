// Platform side of quick attach (src/worker/quick-attach.ts): opening the side
// panel with the click's user gesture, finding a tab's window, and learning which
// window each connected panel lives in so queued clicks reach the right panel.
// ## Why getContexts
// A side panel's port sender has no tab. `chrome.runtime.getContexts` maps the
// port's documentId to its SIDE_PANEL context, which carries the window id. Where
// that API is missing (Firefox) the window stays unknown and the panel filters.
import { createEmitter, type EventTransport } from '../../shared/protocol/client';
import { workerToPanel } from '../../shared/protocol/worker-to-panel';
import {
  createQuickAttach,
  type QuickAttachEntry,
  type QuickAttachPlatform,
  type QuickAttachService,
} from '../quick-attach';
import { classifySender } from './classify-sender';
import type { PageRequests } from '../page-requests';
import type { GeneralSettings } from '../../shared/protocol/settings-messages';
import { sendQuickActionButtons, watchQuickActionButtons } from '../quick-action-buttons';
import { STORAGE_KEYS } from '../storage/storage-keys';
import { PANEL_PORT_NAME } from './runtime-messaging';

interface SidebarActionLike {
  open?: () => Promise<void>;
}

/** Opens the panel for `tabId`. Synchronous on purpose: an await first would lose the gesture. */
export function openPanelFor(tabId: number): void {
  const sidePanel = (chrome as { sidePanel?: typeof chrome.sidePanel }).sidePanel;
  if (sidePanel?.open) {
    try {
      void sidePanel.open({ tabId }).catch(() => undefined);
    } catch {
      // Older Chromium without open(): the click still reaches an already open panel.
    }
    return;
  }
  // Firefox shows the panel page as a sidebar; best effort, it also needs a gesture.
  const sidebar = (globalThis as { browser?: { sidebarAction?: SidebarActionLike } }).browser
    ?.sidebarAction;
  try {
    void sidebar?.open?.().catch(() => undefined);
  } catch {
    // No sidebar API: nothing to open.
  }
}

async function windowOfTab(tabId: number): Promise<number | null> {
  try {
    return (await chrome.tabs.get(tabId)).windowId;
  } catch {
    return null;
  }
}

async function windowOfPort(port: chrome.runtime.Port): Promise<number | null> {
  const sender = port.sender;
  if (sender?.tab?.windowId !== undefined) return sender.tab.windowId;
  const documentId = sender?.documentId;
  const runtime = chrome.runtime as { getContexts?: typeof chrome.runtime.getContexts };
  if (!documentId || !runtime.getContexts) return null;
  try {
    const [context] = await runtime.getContexts({ documentIds: [documentId] });
    return context && context.windowId >= 0 ? context.windowId : null;
  } catch {
    return null;
  }
}

/**
 * The platform for createQuickAttach over Chrome APIs; `panels` is the broadcast
 * transport of runtime-messaging.ts. Call `watchPanels` once the service exists.
 */
export function createQuickAttachPlatform(panels: EventTransport): QuickAttachPlatform & {
  watchPanels(service: QuickAttachService): void;
} {
  const broadcast = createEmitter(workerToPanel, panels);
  const windows = new Map<chrome.runtime.Port, number>();
  return {
    openPanel: openPanelFor,
    windowOf: windowOfTab,
    broadcast: (entry) => void broadcast.emit('panel/quick-attach', { ...entry }),
    hasPanelIn: (windowId) => [...windows.values()].includes(windowId),
    watchPanels(service) {
      // A second listener next to createPanelPorts: the same port object, so this
      // file can answer the new panel alone without owning the broadcast set.
      chrome.runtime.onConnect.addListener((port) => {
        if (port.name !== PANEL_PORT_NAME) return;
        if (
          classifySender(port.sender ?? {}, chrome.runtime.id, chrome.runtime.getURL(''))
            ?.senderClass !== 'extension-page'
        )
          return;
        let open = true;
        port.onDisconnect.addListener(() => {
          open = false;
          windows.delete(port);
        });
        const toPort = createEmitter(workerToPanel, {
          emit: (envelope) => {
            if (!open) return;
            try {
              port.postMessage(envelope);
            } catch {
              open = false;
            }
          },
        });
        void windowOfPort(port).then((windowId) => {
          if (!open) return;
          if (windowId !== null) windows.set(port, windowId);
          service.panelConnected(
            windowId,
            (entry: QuickAttachEntry) => void toPort.emit('panel/quick-attach', { ...entry }),
          );
        });
      });
    },
  };
}

/**
 * The worker's quick-attach service on this browser, delivering to `panels` as they
 * connect, and telling each ready page (and every open one, when they change) which
 * quick-action buttons to draw.
 */
export function startQuickAttach(
  panels: EventTransport,
  pages: PageRequests,
  general: () => Promise<Pick<GeneralSettings, 'quickActions'>>,
): QuickAttachService & { pageReady(tabId: number): void } {
  const platform = createQuickAttachPlatform(panels);
  const service = createQuickAttach(platform);
  platform.watchPanels(service);
  watchQuickActionButtons(
    {
      onGeneralChanged: (listener) =>
        chrome.storage.onChanged.addListener((changes, area) => {
          if (area === 'local' && STORAGE_KEYS.generalSettings in changes) listener();
        }),
      tabIds: async () =>
        (await chrome.tabs.query({})).flatMap((tab) => (tab.id === undefined ? [] : [tab.id])),
    },
    pages,
    general,
  );
  return {
    ...service,
    pageReady: (tabId) => void sendQuickActionButtons(pages, general, tabId).catch(() => undefined),
  };
}
