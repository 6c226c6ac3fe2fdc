// The panel's view of the panel -> worker channel: every method group the chat
// uses, typed per group so controllers compile and test on their own. The groups
// are the same objects panel-to-worker.ts spreads in, so this client and the
// worker's router validate against identical schemas.
import { createClient, type Client, type RequestTransport } from '../../shared/protocol/client';
import { contextRequestMethods } from '../../shared/protocol/context-messages';
import { defineRequestChannel, type RequestChannel } from '../../shared/protocol/define-channel';
import { integrationRequestMethods } from '../../shared/protocol/integration-messages';
import { memoryRequestMethods } from '../../shared/protocol/memory-messages';
import { jobRequestMethods } from '../../shared/protocol/job-messages';
import { traceRequestMethods } from '../../shared/protocol/trace-messages';
import { profileRequestMethods } from '../../shared/protocol/profile-messages';
import { diagnosticsRequestMethods } from '../../shared/protocol/diagnostics-messages';
import { systemRequestMethods } from '../../shared/protocol/panel-to-worker';
import { runRequestMethods } from '../../shared/protocol/run-messages';
import { sessionRequestMethods } from '../../shared/protocol/session-messages';
import { settingsRequestMethods } from '../../shared/protocol/settings-messages';
import { siteAccessRequestMethods } from '../../shared/protocol/site-access-messages';
import { skillRequestMethods } from '../../shared/protocol/skill-messages';

/** Every method the side panel calls. */
export const panelApiChannel = defineRequestChannel('panel-to-worker', ['extension-page'], {
  ...systemRequestMethods,
  ...contextRequestMethods,
  ...runRequestMethods,
  ...sessionRequestMethods,
  ...settingsRequestMethods,
  ...integrationRequestMethods,
  ...siteAccessRequestMethods,
  ...memoryRequestMethods,
  ...skillRequestMethods,
  ...jobRequestMethods,
  ...traceRequestMethods,
  ...profileRequestMethods,
  ...diagnosticsRequestMethods,
});

/** A client for every panel method (the composition root makes the real one). */
export type PanelApi = Client<typeof panelApiChannel>;
/** The run methods: reserve, start, cancel, status, resolve. */
export type RunClient = Client<RequestChannel<typeof runRequestMethods>>;
/** What the send flow calls. */
export type SendClient = Client<
  RequestChannel<
    typeof runRequestMethods & typeof sessionRequestMethods & typeof contextRequestMethods
  >
>;
/** The session methods. */
export type SessionClient = Client<RequestChannel<typeof sessionRequestMethods>>;
/** The context (attachment) methods. */
export type ContextClient = Client<RequestChannel<typeof contextRequestMethods>>;
/** The site-access methods (the grant card and Settings → Sites). */
export type SiteAccessClient = Client<RequestChannel<typeof siteAccessRequestMethods>>;
/** The settings methods. */
export type PanelSettingsClient = Client<RequestChannel<typeof settingsRequestMethods>>;

/** Builds the panel client over a transport (chrome.runtime in the panel, fakes in tests). */
export function createPanelApi(transport: RequestTransport): PanelApi {
  return createClient(panelApiChannel, transport);
}
