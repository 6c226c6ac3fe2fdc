// ## Owns
// What every page can say about itself, whatever site it belongs to: which site
// adapter serves it, its URL and title, and the id of this document instance. Site-
// specific page state (an editor's text, a page's tree) travels in the site's own
// page methods, never here.
import { z } from '../schema/zod';
import { IdSchema, boundedString } from '../schema/bounded';
import { MAX_TITLE_CHARS, MAX_URL_CHARS } from './limits';

/**
 * A registered site's id: lowercase letters, digits and dashes. The set is open in
 * the protocol (sites are contributions); the worker checks an id against its site
 * registry wherever one arrives and refuses an unknown one with UNKNOWN_SITE.
 */
export const SiteIdSchema = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[a-z][a-z0-9-]*$/);
export type SiteId = z.infer<typeof SiteIdSchema>;

export const PageContextSchema = z.strictObject({
  /** The site whose adapter runs on this page, or null when none matches. */
  siteId: SiteIdSchema.nullable(),
  url: boundedString(MAX_URL_CHARS),
  title: boundedString(MAX_TITLE_CHARS),
  /**
   * The relay's id for this document instance, new for every load, reload and
   * back/forward restore. Runs pin their page requests to it, so a request never
   * reaches a document the run did not start on.
   */
  documentId: IdSchema,
});
export type PageContext = z.infer<typeof PageContextSchema>;
