// Handlers for the panel's integration requests (custom tools, MCP servers,
// trust). They only delegate to the integration service.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { integrationRequestMethods } from '../../shared/protocol/integration-messages';
import type { IntegrationService } from '../integrations/integration-service';
import { getWorkerIntegrationService } from '../integrations/worker-integrations';

export interface IntegrationHandlerDeps {
  readonly integrations: IntegrationService;
}

/** Handlers over `deps.integrations`, else the worker's own service (chrome storage). */
export function createIntegrationHandlers(
  deps: Partial<IntegrationHandlerDeps> = {},
): GroupHandlers<typeof integrationRequestMethods> {
  const service = deps.integrations ?? getWorkerIntegrationService();
  return {
    'custom-tools/list': () => service.listCustomTools(),
    'custom-tools/save': (payload) => service.saveCustomTool(payload.tool),
    'custom-tools/delete': (payload) => service.deleteCustomTool(payload.id),
    'mcp/list': () => service.listMcpServers(),
    'mcp/save': (payload) => service.saveMcpServer(payload.server),
    'mcp/delete': (payload) => service.deleteMcpServer(payload.id),
    'mcp/probe': (payload, context) => service.probe(payload, context.signal),
    'mcp/sign-in': (payload, context) => service.signIn(payload.id, context.signal),
    'mcp/sign-out': (payload) => service.signOut(payload.id),
    'trust/set': (payload, context) =>
      service.setTrust(payload.kind, payload.id, payload.trusted, context.signal),
  };
}
