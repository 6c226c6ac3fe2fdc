// ## Owns
// What the side panel knows about sites: the catalog of registered sites with their
// panel contributions (texts, composer controls, attachments, recovery), and which
// site and chat scope a tab shows. The panel never imports a site: it renders what
// these records say, so a new site needs no panel code.
import { z } from '../schema/zod';
import { TabIdSchema, boundedArray, boundedString } from '../schema/bounded';
import { ChatScopeSchema } from './chat-records';
import { MAX_URL_CHARS } from './limits';
import { SiteIdSchema } from './page-context';

/** What the composer's "+ Add" menu can attach on a site. */
export const AttachmentKindSchema = z.enum(['selection', 'preview', 'opened-image']);
export type AttachmentKind = z.infer<typeof AttachmentKindSchema>;

/**
 * The mode control a site puts in the composer. `edit-approval`: Ask / Auto approve
 * for document edits. `agent-mode`: Ask / Act / Dev for what the agent may do.
 * `none`: no control.
 */
export const ModeControlSchema = z.enum(['edit-approval', 'agent-mode', 'none']);
export type ModeControl = z.infer<typeof ModeControlSchema>;

const Text = (max: number) => boundedString(max);

/**
 * What the panel says on a page of a site the person must allow first (sites with
 * `access: 'grant'`). `{host}` is replaced by the page's host.
 */
export const SiteGrantTextsSchema = z.strictObject({
  /** The card's title, e.g. "Allow Side Agent on {host}". */
  title: Text(120),
  /** What allowing means, in plain words. */
  explanation: Text(400),
});
export type SiteGrantTexts = z.infer<typeof SiteGrantTextsSchema>;

/** A site's contributions to the side panel, as plain data. */
export const SitePanelSchema = z.strictObject({
  /** The site's name as people know it. */
  label: Text(80),
  /** How a chat scope is named in chat lists; `{key}` is replaced by the scope key. */
  scopeLabel: Text(120),
  /** The scope's own page, `{key}` replaced (URL-encoded), or null when it has none. */
  scopeUrl: Text(MAX_URL_CHARS).nullable(),
  /** Composer placeholder while chatting is possible. */
  placeholder: Text(200),
  /** Shown instead of the chat when the tab shows the site but no chat scope. */
  noScope: Text(600),
  /** The empty chat's invitation. */
  emptyState: Text(600),
  /** Prompts offered in an empty chat. */
  suggestions: boundedArray(Text(200), 6),
  modeControl: ModeControlSchema,
  /** "+ Add" menu entries, in order. */
  attachments: boundedArray(AttachmentKindSchema, 3),
  /** Whether responses of this site carry revert checkpoints and document snapshots. */
  recovery: z.boolean(),
  /** One line of keyboard shortcuts under the composer. */
  shortcuts: Text(300),
  /**
   * Present on sites the person must allow first: the panel shows the grant card
   * instead of the chat until they do. Absent where the site comes with the install.
   */
  grant: SiteGrantTextsSchema.optional(),
});
export type SitePanel = z.infer<typeof SitePanelSchema>;

export const SiteDescriptorSchema = z.strictObject({ id: SiteIdSchema, panel: SitePanelSchema });
export type SiteDescriptor = z.infer<typeof SiteDescriptorSchema>;

/** Which site a tab shows and, when the site can chat there, the chat scope. */
export const TabSiteSchema = z.strictObject({
  tabId: TabIdSchema,
  windowId: z.number().int(),
  url: boundedString(MAX_URL_CHARS),
  /** The registered site serving the URL, or null (browser pages, files, the Web Store). */
  siteId: SiteIdSchema.nullable(),
  /** The chat scope of the URL; null where the site cannot chat. */
  scope: ChatScopeSchema.nullable(),
});
export type TabSite = z.infer<typeof TabSiteSchema>;
