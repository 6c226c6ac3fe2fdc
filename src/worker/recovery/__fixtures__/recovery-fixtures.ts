// Test support for recovery: a fake document page (one editor-like document with the
// guarded commit's checks) and a recovery service over a fresh fake IndexedDB, sharing
// the database with a real IndexedDbChatStore.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { applyChanges, type TextChange } from '../../../shared/text/text-change';
import { hashText } from '../../../shared/text/text-hash';
import type { ToolRunContext } from '../../tools/define-tool';
import { IndexedDbChatStore } from '../../storage/chats.store';
import type { LiveDocumentPort } from '../live-document';
import { createRecoveryService } from '../recovery-service';

/** A page with one open file; `commits` counts dispatched transactions. */
export function createFakePage(text: string, fileLabel = 'main.typ') {
  const state = {
    text,
    fileLabel,
    viewToken: 'view-1',
    commits: 0,
    lastChanges: [] as TextChange[],
    failNextCommit: false,
    /** The next commit fails with this code, after applying its changes when `landed`. */
    commitFault: null as {
      code: 'PAGE_REQUEST_TIMEOUT' | 'STALE_DOCUMENT';
      landed: boolean;
    } | null,
    /** Reads that fail before the page answers again. */
    readFailures: 0,
  };
  const port: LiveDocumentPort = {
    async read() {
      if (state.readFailures > 0) {
        state.readFailures -= 1;
        throw new ProtocolFailure('PAGE_UNAVAILABLE', 'The tab does not answer.');
      }
      return {
        scopeKey: 'p1',
        fileLabel: state.fileLabel,
        viewToken: state.viewToken,
        text: state.text,
        length: state.text.length,
        hash: await hashText(state.text),
      };
    },
    async commit(_tabId, expected, changes) {
      if (state.failNextCommit) {
        state.failNextCommit = false;
        throw new ProtocolFailure('PAGE_UNAVAILABLE', 'The tab went away.');
      }
      const fault = state.commitFault;
      if (fault) {
        state.commitFault = null;
        if (fault.landed) state.text = applyChanges(state.text, changes);
        throw new ProtocolFailure(fault.code, 'The page did not confirm.');
      }
      if (expected.fileLabel !== state.fileLabel)
        throw new ProtocolFailure('STALE_EDIT_FILE', 'Another file is open.');
      if (expected.hash !== (await hashText(state.text)))
        throw new ProtocolFailure('STALE_DOCUMENT', 'Changed.');
      state.text = applyChanges(state.text, changes);
      state.commits += 1;
      state.lastChanges = [...changes];
      return { hash: await hashText(state.text), length: state.text.length };
    },
  };
  return { state, port };
}

/** A recovery service and chat store over one fresh fake database. */
export function createTestRecovery(
  page: LiveDocumentPort,
  options: { runActive?: boolean; projectId?: string } = {},
) {
  const factory = new IDBFactory();
  let clock = 1_700_000_000_000;
  const now = () => (clock += 1_000);
  const chats = new IndexedDbChatStore({ factory, name: 'chats.database.v1', now });
  const recovery = createRecoveryService({
    factory,
    databaseName: 'chats.database.v1',
    chats,
    page,
    now,
    siteOf: async (tabId) => ({
      tabId,
      windowId: 1,
      url: 'https://typst.app/project/p1',
      siteId: 'typst',
      scope: { siteId: 'typst', projectId: options.projectId ?? 'p1' },
    }),
    isRunActive: () => options.runActive ?? false,
  });
  return { recovery, chats, factory, advance: (ms: number) => (clock += ms) };
}

/** A tool context for the edit hooks: one run of one chat. */
export function toolContext(sessionId: string, runId: string): ToolRunContext {
  return {
    runId,
    callId: `call-${runId}`,
    signal: new AbortController().signal,
    editMode: 'auto',
    identity: { tabId: 7, scope: { siteId: 'typst', projectId: 'p1' }, sessionId },
    page: {
      tabId: 7,
      request: async () => ({ ok: false, error: { code: 'PAGE_UNAVAILABLE', message: 'unused' } }),
    },
    interaction: {
      waitForPage: async () => 'ready',
      reviewEdit: async () => 'apply',
      notice: () => undefined,
      pauseForPage: async () => 'timeout',
    },
    state: { checkpointId: null, site: null },
    documentHooks: {},
  };
}

/** Runs one agent write through the hooks and the fake page, like the edit flow does. */
export async function agentWrite(
  hooks: ReturnType<typeof createRecoveryService>['editHooks'],
  context: ToolRunContext,
  page: ReturnType<typeof createFakePage>,
  changes: TextChange[],
) {
  const live = await page.port.read(7);
  const staged = await hooks.stageWrite?.(context, {
    fileLabel: live.fileLabel,
    text: live.text,
    hash: live.hash,
    changes,
  });
  try {
    const result = await page.port.commit(7, live, changes);
    await staged?.committed(result);
  } catch (error) {
    await staged?.failed();
    throw error;
  }
}
