// The slice of the panel -> worker client that settings and sessions use. Typed
// against the method groups rather than the whole channel, so these components
// compile and test on their own; the shell's `worker` client is assignable to
// these types as soon as panel-to-worker.ts spreads the groups in.
import type { Client } from '../../shared/protocol/client';
import type { RequestChannel } from '../../shared/protocol/define-channel';
import type { settingsRequestMethods } from '../../shared/protocol/settings-messages';
import type { sessionRequestMethods } from '../../shared/protocol/session-messages';
import type { integrationRequestMethods } from '../../shared/protocol/integration-messages';
import type { siteAccessRequestMethods } from '../../shared/protocol/site-access-messages';
import type { jobRequestMethods } from '../../shared/protocol/job-messages';
import type { traceRequestMethods } from '../../shared/protocol/trace-messages';
import type { diagnosticsRequestMethods } from '../../shared/protocol/diagnostics-messages';
import type { memoryRequestMethods } from '../../shared/protocol/memory-messages';
import type { skillRequestMethods } from '../../shared/protocol/skill-messages';
import type { profileRequestMethods } from '../../shared/protocol/profile-messages';

/** A client that can call the `settings/*` methods. */
export type SettingsClient = Client<RequestChannel<typeof settingsRequestMethods>>;
/** A client that can call the `session/*` methods. */
export type SessionsClient = Client<RequestChannel<typeof sessionRequestMethods>>;
/** A client that can call the integration methods (Tools and MCP tabs). */
export type IntegrationsViewClient = Client<RequestChannel<typeof integrationRequestMethods>>;
/** A client that can call the `sites/*` methods (Sites tab). */
export type SitesViewClient = Client<RequestChannel<typeof siteAccessRequestMethods>>;
/** What the Settings view needs: settings, sessions, integrations, sites and memory. */
export type SettingsViewClient = Client<
  RequestChannel<
    typeof settingsRequestMethods &
      typeof sessionRequestMethods &
      typeof integrationRequestMethods &
      typeof siteAccessRequestMethods &
      typeof memoryRequestMethods &
      typeof skillRequestMethods &
      typeof jobRequestMethods &
      typeof traceRequestMethods &
      typeof profileRequestMethods &
      typeof diagnosticsRequestMethods
  >
>;
/** A client that can call the `traces/*` methods (Traces tab). */
export type TracesViewClient = Client<RequestChannel<typeof traceRequestMethods>>;
/** A client that can call the `profile/*` methods (Profile tab). */
export type ProfileViewClient = Client<RequestChannel<typeof profileRequestMethods>>;
/** A client that can call the `skills/*` methods (Skills tab). */
export type SkillsViewClient = Client<RequestChannel<typeof skillRequestMethods>>;
