// The page's answers to the `document/*` methods, over the document host of the site
// serving the page; a page whose site has no document refuses them with NO_DOCUMENT.
import type { RequestChannel, RequestHandlers } from '../../shared/protocol/define-channel';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { documentPageMethods } from '../../shared/protocol/document-methods';
import type { DocumentHost } from './document-host';
import { commitGuarded, readEditSnapshot } from './guarded-commit';
import { clearReviewOverlay, showReviewOverlay } from './review-overlay';

type DocumentHandlers = RequestHandlers<RequestChannel<typeof documentPageMethods>>;

/** The handlers over `host`; `signal` removes an overlay still shown when it aborts. */
export function createDocumentHandlers(
  host: DocumentHost | null,
  signal: AbortSignal,
): DocumentHandlers {
  const require = (): DocumentHost => {
    if (!host) throw new ProtocolFailure('NO_DOCUMENT', 'This page has no document to edit.');
    return host;
  };
  signal.addEventListener('abort', () => clearReviewOverlay(), { once: true });
  addEventListener('pagehide', () => clearReviewOverlay(), { signal });
  return {
    'document/snapshot': () => readEditSnapshot(require()),
    'document/commit': ({ expected, changes }) => commitGuarded(require(), expected, changes),
    'document/show-review': ({ reviewId, viewToken, diff }) => ({
      shown: showReviewOverlay(require(), reviewId, viewToken, diff),
    }),
    'document/clear-review': ({ reviewId }) => ({ cleared: clearReviewOverlay(reviewId) }),
  };
}
