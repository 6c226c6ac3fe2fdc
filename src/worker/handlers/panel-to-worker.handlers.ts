// The one exhaustive handler map for panel -> worker requests, composed from the
// per-group handler files. A method without a handler is a type error here.
import { defineHandlers } from '../../shared/protocol/define-channel';
import { panelToWorker } from '../../shared/protocol/panel-to-worker';
import { createSystemHandlers, type SystemHandlerDeps } from './system.handlers';

export type PanelHandlerDeps = SystemHandlerDeps;

export function createPanelHandlers(deps: PanelHandlerDeps) {
  return defineHandlers(panelToWorker, {
    ...createSystemHandlers(deps),
  });
}
