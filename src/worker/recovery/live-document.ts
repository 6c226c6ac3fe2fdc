// ## Owns
// The two page operations recovery needs, over the document page methods the edit
// tools use: a full snapshot read and the guarded compare-and-dispatch commit
// (`document/commit`: same scope, file, editor token, length + SHA-256, then
// ONE CodeMirror transaction). A revert or restore is therefore exactly as safe as an
// agent edit: a stale page refuses and changes nothing.
import { unwrap } from '../../shared/protocol/envelope';
import type { TextChange } from '../../shared/text/text-change';
import type { PageRequests } from '../page-requests';
import type { DocState } from './recovery-db';

/** The live focused document of a tab. */
export interface LiveDocument extends DocState {
  /** The chat scope key the page showed when it was read (for example a project id). */
  readonly scopeKey: string | null;
  readonly fileLabel: string;
  readonly viewToken: string;
  readonly text: string;
}

/** Recovery's access to a tab's editor. */
export interface LiveDocumentPort {
  read(tabId: number): Promise<LiveDocument>;
  /** Commits `changes` only if the page still shows `expected`; resolves with the new state. */
  commit(tabId: number, expected: LiveDocument, changes: readonly TextChange[]): Promise<DocState>;
}

/** The port over the worker's page requests. */
export function createLiveDocumentPort(pages: PageRequests): LiveDocumentPort {
  return {
    async read(tabId) {
      const { scopeKey, fileLabel, viewToken, text, length, hash } = unwrap(
        await pages.request(tabId, 'document/snapshot', {}),
      );
      return { scopeKey, fileLabel, viewToken, text, length, hash };
    },
    async commit(tabId, expected, changes) {
      const result = await pages.request(tabId, 'document/commit', {
        expected: {
          scopeKey: expected.scopeKey,
          fileLabel: expected.fileLabel,
          viewToken: expected.viewToken,
          length: expected.length,
          hash: expected.hash,
        },
        changes: changes.map(({ from, to, insert }) => ({ from, to, insert })),
      });
      const { hash, length } = unwrap(result);
      return { hash, length };
    },
  };
}

/** Whether a live document is in `state`. */
export const isAt = (live: DocState, state: DocState | null): boolean =>
  state !== null && live.hash === state.hash && live.length === state.length;
