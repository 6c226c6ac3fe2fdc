// The one exhaustive handler map for panel -> worker requests, composed from the
// per-group handler files. A method without a handler is a type error here.
import { defineHandlers } from '../../shared/protocol/define-channel';
import { panelToWorker } from '../../shared/protocol/panel-to-worker';
import { createContextHandlers } from './context.handlers';
import { createDiagnosticsHandlers, type DiagnosticsHandlerDeps } from './diagnostics.handlers';
import { createIntegrationHandlers } from './integration.handlers';
import { createJobHandlers, type JobHandlerDeps } from './job.handlers';
import { createMemoryHandlers, type MemoryHandlerDeps } from './memory.handlers';
import { createProfileHandlers, type ProfileHandlerDeps } from './profile.handlers';
import { createRecoveryHandlers, type RecoveryHandlerDeps } from './recovery.handlers';
import { createRunHandlers, type RunHandlerDeps } from './run.handlers';
import { createSessionHandlers, type SessionHandlerDeps } from './session.handlers';
import { createSettingsHandlers, type SettingsHandlerDeps } from './settings.handlers';
import { createSiteAccessHandlers, type SiteAccessHandlerDeps } from './site-access.handlers';
import { createSkillHandlers } from './skill.handlers';
import { createSystemHandlers, type SystemHandlerDeps } from './system.handlers';
import { createTraceHandlers, type TraceHandlerDeps } from './trace.handlers';

export type PanelHandlerDeps = SystemHandlerDeps &
  SessionHandlerDeps &
  SettingsHandlerDeps &
  RunHandlerDeps &
  RecoveryHandlerDeps &
  SiteAccessHandlerDeps &
  MemoryHandlerDeps &
  ProfileHandlerDeps &
  JobHandlerDeps &
  TraceHandlerDeps &
  DiagnosticsHandlerDeps;

export function createPanelHandlers(deps: PanelHandlerDeps) {
  return defineHandlers(panelToWorker, {
    ...createSystemHandlers(deps),
    ...createSessionHandlers(deps),
    ...createSettingsHandlers(deps),
    ...createRunHandlers(deps),
    ...createContextHandlers(deps),
    ...createIntegrationHandlers(),
    ...createRecoveryHandlers(deps),
    ...createSiteAccessHandlers(deps),
    ...createMemoryHandlers(deps),
    ...createProfileHandlers(deps),
    ...createSkillHandlers(),
    ...createJobHandlers(deps),
    ...createTraceHandlers(deps),
    ...createDiagnosticsHandlers(deps),
  });
}
