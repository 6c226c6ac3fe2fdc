// ## Owns
// The page part of a site (`src/sites/<id>/page/<id>.page.ts` exports `pageSite`): what
// it starts on a page its site serves and the handlers of its page methods. The MAIN
// runtime starts the part of the site serving the page and no other.
import type {
  MethodSpec,
  RequestChannel,
  RequestHandlers,
} from '../../shared/protocol/define-channel';
import type { SiteDefinition } from '../../sites/site-contract';
import type { DocumentHost } from './document-host';

/** What a started page part offers. */
export interface StartedPageSite<M extends Record<string, MethodSpec>> {
  readonly handlers: RequestHandlers<RequestChannel<M>>;
  /** The page's document, for document sites; answers the `document/*` methods. */
  readonly document?: DocumentHost;
}

export interface PageSite<M extends Record<string, MethodSpec> = Record<string, MethodSpec>> {
  readonly site: SiteDefinition<string, M>;
  /** Starts the part on a page of its site; `signal` ends everything it started. */
  start(signal: AbortSignal): StartedPageSite<M>;
}

/** Declares a site's page part. */
export function definePageSite<M extends Record<string, MethodSpec>>(
  part: PageSite<M>,
): PageSite<M> {
  return Object.freeze(part);
}
