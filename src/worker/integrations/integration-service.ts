// ## Owns
// The settings-side operations on integrations the handlers delegate to: list,
// save (validate, keep or clear trust), delete, probe and trust. Views never carry
// derived secrets; refusals are ProtocolFailures with `details.path` for the form.
import { createId } from '../../shared/lib/ids';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type {
  CustomToolInput,
  CustomToolView,
  McpProbeResult,
  McpServerInput,
  McpServerView,
} from '../../shared/protocol/integration-messages';
import { buildCustomToolRecord } from './custom-http/custom-tool-config';
import { checkEndpoint } from './endpoint-policy';
import { headersFromRows, type ConfigRefusal, type McpServerRecord } from './integration-records';
import type { IntegrationStore } from './integration-store';
import {
  fingerprintCustomTool,
  isCustomToolTrusted,
  keepCustomTrust,
  keepMcpTrust,
  mcpConfigDigest,
} from './integration-trust';
import {
  discoverMcpServer,
  discoveryFingerprint,
  type McpDiscoveryDeps,
} from './mcp/mcp-discovery';
import { prepareRunToolSet, type RunToolSet, type RunToolSetDeps } from './run-tool-set';
import { createMcpAuthProvider, type McpAuthDeps } from './mcp/mcp-auth';
import { isSignedIn, signInToMcpServer, toProbeResult } from './mcp/mcp-probe';

/** What the service needs. `builtinNames` are the packaged tools' names (collision rule). */
export interface IntegrationServiceDeps extends McpDiscoveryDeps {
  readonly store: IntegrationStore;
  readonly builtinNames: () => readonly string[];
  /** OAuth storage and the sign-in page launcher; absent where nobody can sign in. */
  readonly auth?: McpAuthDeps;
  /** Saved skills, whose tools join runs beside custom tools; absent: none. */
  readonly skills?: NonNullable<RunToolSetDeps['skills']>;
}

const refuse = (refusal: ConfigRefusal): never => {
  throw new ProtocolFailure(refusal.code, refusal.message, {
    path: refusal.path,
    ...(refusal.details ?? {}),
  });
};

function buildMcpRecord(input: McpServerInput, id: string): McpServerRecord {
  const name = input.name.trim();
  if (name === '')
    refuse({
      ok: false,
      code: 'INTEGRATION_INVALID',
      path: 'name',
      message: 'Give the server a name.',
    });
  const endpoint = checkEndpoint(input.url, {
    insecureOriginAcknowledged: input.insecureOriginAcknowledged ?? undefined,
  });
  if (!endpoint.ok)
    refuse({
      ok: false,
      code: endpoint.code,
      message: endpoint.message,
      path: 'url',
      details: endpoint.details,
    });
  const headers = headersFromRows(input.headers, 'mcp');
  if (!headers.ok) refuse(headers);
  const acknowledged =
    endpoint.ok && endpoint.transport === 'acknowledged-http' ? endpoint.origin : null;
  return {
    id,
    name,
    url: input.url,
    headers: input.headers.map((row) => ({ ...row })),
    enabled: input.enabled,
    protocolMode: input.protocolMode,
    insecureOriginAcknowledged: acknowledged,
    trust: null,
    ...(input.callLimitSeconds !== undefined ? { callLimitSeconds: input.callLimitSeconds } : {}),
  };
}

/** The integration operations. */
export function createIntegrationService(deps: IntegrationServiceDeps) {
  const customViews = async (): Promise<{ tools: CustomToolView[] }> => {
    const records = await deps.store.customTools();
    const tools = await Promise.all(
      records.map(async ({ schema: _schema, trust: _trust, ...record }, index) => ({
        ...record,
        headers: [...record.headers],
        trusted: await isCustomToolTrusted(records[index]!),
      })),
    );
    return { tools };
  };
  const mcpViews = async (): Promise<{ servers: McpServerView[] }> => {
    const records = await deps.store.mcpServers();
    const servers = await Promise.all(
      records.map(async (server) => {
        const { trust, ...record } = server;
        return {
          ...record,
          headers: [...record.headers],
          trusted: trust !== null,
          trustedToolCount: trust?.toolCount ?? null,
          signedIn: await isSignedIn(server, deps.auth),
        };
      }),
    );
    return { servers };
  };
  // Runs and probes use the stored sign-in but never open the authorization page.
  // A call that meets a 401 may offer the person the interactive sign-in (their click).
  const runDeps: IntegrationServiceDeps & RunToolSetDeps = deps.auth
    ? {
        ...deps,
        authFor: (server) =>
          createMcpAuthProvider(server, deps.auth!, {
            interactive: false,
            signal: new AbortController().signal,
          }),
        signIn: async (server, signal) => {
          const result = await signInToMcpServer(server, deps, deps.auth!, signal);
          return result.ok ? { ok: true } : result;
        },
      }
    : deps;
  const forgetSignIn = (id: string) => deps.auth?.store.update(id, () => null);
  const findMcp = async (id: string) => {
    const server = (await deps.store.mcpServers()).find((record) => record.id === id);
    if (!server)
      throw new ProtocolFailure('INTEGRATION_NOT_FOUND', 'That MCP server is not saved.');
    return server;
  };

  return {
    listCustomTools: customViews,
    async saveCustomTool(input: CustomToolInput) {
      const records = await deps.store.customTools();
      const id = input.id ?? createId();
      const previous = records.find((record) => record.id === id);
      if (input.id !== undefined && !previous)
        throw new ProtocolFailure('INTEGRATION_NOT_FOUND', 'That custom tool is not saved.');
      const built = buildCustomToolRecord(input, id, {
        builtinNames: deps.builtinNames(),
        others: records,
      });
      if (!built.ok) return refuse(built);
      const record = { ...built.record, trust: await keepCustomTrust(previous, built.record) };
      await deps.store.saveCustomTools(
        previous
          ? records.map((existing) => (existing.id === id ? record : existing))
          : [...records, record],
      );
      return customViews();
    },
    async deleteCustomTool(id: string) {
      await deps.store.saveCustomTools(
        (await deps.store.customTools()).filter((record) => record.id !== id),
      );
      return customViews();
    },
    listMcpServers: mcpViews,
    async saveMcpServer(input: McpServerInput) {
      const records = await deps.store.mcpServers();
      const id = input.id ?? createId();
      const previous = records.find((record) => record.id === id);
      if (input.id !== undefined && !previous)
        throw new ProtocolFailure('INTEGRATION_NOT_FOUND', 'That MCP server is not saved.');
      const built = buildMcpRecord(input, id);
      const record = { ...built, trust: await keepMcpTrust(previous, built) };
      // A sign-in belongs to the server it was given for: another URL starts over.
      if (previous && previous.url !== built.url) await forgetSignIn(id);
      await deps.store.saveMcpServers(
        previous
          ? records.map((existing) => (existing.id === id ? record : existing))
          : [...records, record],
      );
      return mcpViews();
    },
    async deleteMcpServer(id: string) {
      await deps.store.saveMcpServers(
        (await deps.store.mcpServers()).filter((record) => record.id !== id),
      );
      await forgetSignIn(id);
      return mcpViews();
    },
    async signIn(id: string, signal: AbortSignal): Promise<McpProbeResult> {
      const server = await findMcp(id);
      if (!deps.auth)
        return { ok: false, code: 'MCP_AUTH_FAILED', message: 'Signing in is not available here.' };
      return signInToMcpServer(server, deps, deps.auth, signal);
    },
    async signOut(id: string) {
      await forgetSignIn(id);
      return mcpViews();
    },
    async probe(
      target: { savedId: string } | { draft: McpServerInput },
      signal: AbortSignal,
    ): Promise<McpProbeResult> {
      let server: McpServerRecord;
      try {
        server =
          'savedId' in target
            ? await findMcp(target.savedId)
            : buildMcpRecord(target.draft, target.draft.id ?? 'probe');
      } catch (error) {
        if (error instanceof ProtocolFailure)
          return { ok: false, code: error.code, message: error.message };
        throw error;
      }
      return toProbeResult(await discoverMcpServer(server, runDeps, { signal, force: true }));
    },
    async setTrust(
      kind: 'custom' | 'mcp',
      id: string,
      trusted: boolean,
      signal: AbortSignal,
    ): Promise<{ trusted: boolean }> {
      if (kind === 'custom') {
        const records = await deps.store.customTools();
        const record = records.find((existing) => existing.id === id);
        if (!record)
          throw new ProtocolFailure('INTEGRATION_NOT_FOUND', 'That custom tool is not saved.');
        const trust = trusted ? { fingerprint: await fingerprintCustomTool(record) } : null;
        await deps.store.saveCustomTools(
          records.map((existing) => (existing.id === id ? { ...existing, trust } : existing)),
        );
        return { trusted };
      }
      const server = await findMcp(id);
      let trust: McpServerRecord['trust'] = null;
      if (trusted) {
        // Trust covers exactly the tools advertised now, so discover them fresh.
        const outcome = await discoverMcpServer(server, runDeps, {
          signal,
          force: true,
          fingerprint: true,
        });
        if (!outcome.ok)
          throw new ProtocolFailure(
            outcome.code,
            `Cannot trust a server whose tools cannot be listed: ${outcome.message}`,
          );
        trust = {
          fingerprint: await discoveryFingerprint(server, outcome.discovery),
          configDigest: await mcpConfigDigest(server),
          toolCount: outcome.discovery.tools.length,
        };
      }
      const records = await deps.store.mcpServers();
      await deps.store.saveMcpServers(
        records.map((existing) => (existing.id === id ? { ...existing, trust } : existing)),
      );
      return { trusted };
    },
    /** The external tools of one run; see run-tool-set.ts. */
    prepareRunToolSet: (signal: AbortSignal): Promise<RunToolSet> =>
      prepareRunToolSet(runDeps, signal),
  };
}

/** The service's type, for handlers and the composition root. */
export type IntegrationService = ReturnType<typeof createIntegrationService>;
