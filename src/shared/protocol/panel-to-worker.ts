// Channel: side panel -> worker (request/response). The panel is a trusted
// extension page, but its messages are still validated: a bug there must not
// become a privileged action here.
import { z } from '../schema/zod';
import { TabIdSchema, TimestampSchema, boundedArray, boundedString } from '../schema/bounded';
import { contextRequestMethods } from './context-messages';
import { diagnosticsRequestMethods } from './diagnostics-messages';
import { defineRequestChannel, type MethodSpec } from './define-channel';
import { integrationRequestMethods } from './integration-messages';
import { memoryRequestMethods } from './memory-messages';
import { profileRequestMethods } from './profile-messages';
import { jobRequestMethods } from './job-messages';
import { traceRequestMethods } from './trace-messages';
import { PageContextSchema } from './page-context';
import { SiteDescriptorSchema, TabSiteSchema } from './site-catalog';
import { recoveryRequestMethods } from './recovery-messages';
import { runRequestMethods } from './run-messages';
import { sessionRequestMethods } from './session-messages';
import { settingsRequestMethods } from './settings-messages';
import { siteAccessRequestMethods } from './site-access-messages';
import { skillRequestMethods } from './skill-messages';

/** Health, tab and page-context methods. */
export const systemRequestMethods = {
  /** Health check; reports the worker instance so tests can see a cold start. */
  'system/ping': {
    request: z.strictObject({}),
    response: z.strictObject({
      instanceId: boundedString(64),
      startedAt: TimestampSchema,
      version: boundedString(32),
    }),
  },
  /** The tab the panel serves: the given tab, else the active tab of the window. */
  'tab/get-site': {
    request: z.strictObject({
      tabId: TabIdSchema.optional(),
      windowId: z.number().int().optional(),
    }),
    response: TabSiteSchema.nullable(),
  },
  /** Every registered site with its panel contributions, in matching order. */
  'site/catalog': {
    request: z.strictObject({}),
    response: z.strictObject({ sites: boundedArray(SiteDescriptorSchema, 32) }),
  },
  /** Reads the page context of a tab through the page bridge. */
  'page/get-context': {
    request: z.strictObject({ tabId: TabIdSchema }),
    response: PageContextSchema,
  },
} as const satisfies Record<string, MethodSpec>;

/**
 * The channel is the union of its method groups; each group's handlers live in
 * their own file under src/worker/handlers/ and are composed in one exhaustive map.
 * Adding a group is one line here and one in panel-to-worker.handlers.ts.
 */
export const panelToWorker = defineRequestChannel('panel-to-worker', ['extension-page'], {
  ...systemRequestMethods,
  ...sessionRequestMethods,
  ...settingsRequestMethods,
  ...runRequestMethods,
  ...contextRequestMethods,
  ...integrationRequestMethods,
  ...recoveryRequestMethods,
  ...siteAccessRequestMethods,
  ...memoryRequestMethods,
  ...profileRequestMethods,
  ...skillRequestMethods,
  ...jobRequestMethods,
  ...traceRequestMethods,
  ...diagnosticsRequestMethods,
});
export type PanelToWorker = typeof panelToWorker;
