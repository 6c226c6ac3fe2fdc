// Panel -> worker methods for site access: which sites the person allowed Side Agent
// on, allowing one ("Always allow" or "Only now"), revoking, and why a page is off
// limits. Spread into panel-to-worker.ts; handlers live in
// src/worker/handlers/site-access.handlers.ts.
// ## Why the panel says whether it asked the browser
// The browser's prompt only opens from a click in an extension page, so the panel asks
// for the host permission itself, in the click handler, and then tells the worker
// (`requested`). A permission the panel asked for is ours to remove when the grant
// ends; one the browser already held (a model endpoint on the same host) is not. The
// worker still checks that the browser grants the host before it records anything.
import { z } from '../schema/zod';
import { TabIdSchema, TimestampSchema, boundedArray, boundedString } from '../schema/bounded';
import type { MethodSpec } from './define-channel';

/** Most sites the person can allow with "Always allow". */
export const MAX_ALLOWED_SITES = 500;
/** Most tabs with the toolbar button's temporary access remembered at once. */
export const MAX_ACTIVE_TABS = 64;

/** A host permission pattern as the browser spells it: `https://news.example/*` (every port). */
export const HostPatternSchema = z
  .string()
  .max(300)
  .regex(/^https?:\/\/([a-z0-9.-]+|\[[0-9a-f:.]+\])\/\*$/);
export type HostPattern = z.infer<typeof HostPatternSchema>;

/** A host as people read it (`news.example`), for the panel's sentences. */
const HostSchema = boundedString(260);

/**
 * How long a grant lasts. `always`: until revoked; `once`: this tab only, until it
 * leaves the site or closes (the toolbar button's temporary access).
 */
export const GrantModeSchema = z.enum(['always', 'once']);
export type GrantMode = z.infer<typeof GrantModeSchema>;

/**
 * Why Side Agent can never work on a page, whatever the person allows:
 * `browser-page` chrome://, edge://, about: and the like; `web-store` the browser's
 * extension store; `pdf` a PDF in the browser's viewer; `file` a local file;
 * `extension-page` a page of an extension; `data-url` a data: or blob: page;
 * `view-source` the source view; `unsupported` any other kind of address.
 */
export const RestrictedKindSchema = z.enum([
  'browser-page',
  'web-store',
  'pdf',
  'file',
  'extension-page',
  'data-url',
  'view-source',
  'unsupported',
]);
export type RestrictedKind = z.infer<typeof RestrictedKindSchema>;

/** What the panel shows for its tab: allowed, waiting for the person, or off limits. */
export const SiteAccessSchema = z.discriminatedUnion('state', [
  z.strictObject({
    state: z.literal('allowed'),
    /** `install`: the site comes with the install; the others are the person's grants. */
    via: z.enum(['install', 'always', 'once']),
    host: HostSchema,
    /** When the person allowed it (null for `install`). */
    since: TimestampSchema.nullable(),
  }),
  z.strictObject({
    state: z.literal('needs-grant'),
    host: HostSchema,
    pattern: HostPatternSchema,
    /** The browser already grants the host (for another reason): no prompt needed. */
    browserGranted: z.boolean(),
    /** The toolbar button was clicked on this tab: "Only now" is possible. */
    activeTab: z.boolean(),
  }),
  z.strictObject({
    state: z.literal('restricted'),
    kind: RestrictedKindSchema,
  }),
  /** The tab is gone or shows nothing yet. */
  z.strictObject({ state: z.literal('none') }),
]);
export type SiteAccess = z.infer<typeof SiteAccessSchema>;

/** One allowed site, as Settings → Sites lists it. */
export const AllowedSiteViewSchema = z.strictObject({
  pattern: HostPatternSchema,
  host: HostSchema,
  mode: GrantModeSchema,
  since: TimestampSchema,
  /** The tab an "Only now" grant belongs to; null for Always. */
  tabId: TabIdSchema.nullable(),
});
export type AllowedSiteView = z.infer<typeof AllowedSiteViewSchema>;

export const AllowedSitesViewSchema = z.strictObject({
  sites: boundedArray(AllowedSiteViewSchema, MAX_ALLOWED_SITES + MAX_ACTIVE_TABS),
});
export type AllowedSitesView = z.infer<typeof AllowedSitesViewSchema>;

export const siteAccessRequestMethods = {
  /** Whether Side Agent may work on the tab's page, and what the person can do. */
  'sites/get-access': {
    request: z.strictObject({ tabId: TabIdSchema }),
    response: SiteAccessSchema,
  },
  /**
   * The person allowed the tab's site. The worker records it, registers and injects
   * the bridge, and answers the tab's new access.
   */
  'sites/allow': {
    request: z.strictObject({
      tabId: TabIdSchema,
      pattern: HostPatternSchema,
      mode: GrantModeSchema,
      /** The panel asked the browser for this permission just now (it was not held). */
      requested: z.boolean(),
    }),
    response: SiteAccessSchema,
  },
  /**
   * The person allowed the site of a frame the tab's page embeds ("Also allow
   * <host>"), always. The worker checks that the tab's own site is allowed and that
   * one of its frames shows the host, records the grant, puts the bridge into those
   * frames, and answers the tab's access.
   */
  'sites/allow-frame': {
    request: z.strictObject({
      tabId: TabIdSchema,
      pattern: HostPatternSchema,
      /** The panel asked the browser for this permission just now (it was not held). */
      requested: z.boolean(),
    }),
    response: SiteAccessSchema,
  },
  /** Every allowed site, for Settings → Sites. */
  'sites/list': { request: z.strictObject({}), response: AllowedSitesViewSchema },
  /** Ends one grant; an "Only now" grant names its tab. */
  'sites/revoke': {
    request: z.strictObject({ pattern: HostPatternSchema, tabId: TabIdSchema.nullable() }),
    response: AllowedSitesViewSchema,
  },
} as const satisfies Record<string, MethodSpec>;
