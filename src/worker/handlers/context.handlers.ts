// Handlers for the panel's attachment and file-identity requests. They forward to
// the typst page methods of the named typst.app tab and hand back only what the
// panel may keep: the file's identity (never document text), a selection, an image.
import type { GroupHandlers, HandlerContext } from '../../shared/protocol/define-channel';
import { ProtocolFailure, type Result } from '../../shared/protocol/envelope';
import type { contextRequestMethods } from '../../shared/protocol/context-messages';
import type { PageRequests } from '../page-requests';
import { findTabSite } from '../tab-sites';

/** What the context handlers need from the worker. */
export interface ContextHandlerDeps {
  readonly pages: PageRequests;
}

async function requireTypstTab(tabId: number): Promise<void> {
  const site = await findTabSite(tabId);
  if (!site) throw new ProtocolFailure('PAGE_UNAVAILABLE', 'That tab no longer exists.');
  if (site.siteId !== 'typst')
    throw new ProtocolFailure('NOT_TYPST_TAB', 'Attachments are read on typst.app tabs.');
}

function unwrap<T>(result: Result<T>): T {
  if (!result.ok)
    throw new ProtocolFailure(result.error.code, result.error.message, result.error.details);
  return result.data;
}

/** The `context/*` handlers, composed into panel-to-worker.handlers.ts. */
export function createContextHandlers(
  deps: ContextHandlerDeps,
): GroupHandlers<typeof contextRequestMethods> {
  const capture = async (tabId: number, kind: 'preview' | 'image', context: HandlerContext) => {
    await requireTypstTab(tabId);
    const image = unwrap(
      await deps.pages.request(tabId, 'page/typst-capture', { kind }, { signal: context.signal }),
    );
    return { dataUrl: image.dataUrl, width: image.width, height: image.height };
  };
  return {
    'context/read-identity': async (payload, context) => {
      await requireTypstTab(payload.tabId);
      const identity = unwrap(
        await deps.pages.request(
          payload.tabId,
          'page/typst-identity',
          {},
          { signal: context.signal },
        ),
      );
      return { file: identity.file };
    },
    'context/read-selection': async (payload, context) => {
      await requireTypstTab(payload.tabId);
      const selection = unwrap(
        await deps.pages.request(
          payload.tabId,
          'page/typst-selection',
          {},
          { signal: context.signal },
        ),
      );
      if (selection.text === '') return null;
      return { text: selection.text, fileLabel: selection.fileLabel };
    },
    'context/capture-preview': (payload, context) => capture(payload.tabId, 'preview', context),
    'context/read-opened-image': (payload, context) => capture(payload.tabId, 'image', context),
  };
}
