// ## Owns
// The two page operations recovery needs, over the typst.app page methods the edit
// tools use: a full snapshot read and the guarded compare-and-dispatch commit
// (`page/typst-commit`: same file, same EditorView token, same length + SHA-256, then
// ONE CodeMirror transaction). A revert or restore is therefore exactly as safe as an
// agent edit: a stale page refuses and changes nothing.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { TextChange } from '../../shared/text/text-change';
import type { PageRequests } from '../page-requests';
import type { DocState } from './recovery-db';

/** The live focused document of a tab. */
export interface LiveDocument extends DocState {
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
      const result = await pages.request(tabId, 'page/typst-snapshot', {});
      if (!result.ok)
        throw new ProtocolFailure(result.error.code, result.error.message, result.error.details);
      const { fileLabel, viewToken, text, length, hash } = result.data;
      return { fileLabel, viewToken, text, length, hash };
    },
    async commit(tabId, expected, changes) {
      const result = await pages.request(tabId, 'page/typst-commit', {
        expected: {
          fileLabel: expected.fileLabel,
          viewToken: expected.viewToken,
          length: expected.length,
          hash: expected.hash,
        },
        changes: changes.map(({ from, to, insert }) => ({ from, to, insert })),
      });
      if (!result.ok)
        throw new ProtocolFailure(result.error.code, result.error.message, result.error.details);
      return { hash: result.data.hash, length: result.data.length };
    },
  };
}

/** Whether a live document is in `state`. */
export const isAt = (live: DocState, state: DocState | null): boolean =>
  state !== null && live.hash === state.hash && live.length === state.length;
