// Settings -> MCP: servers (name, URL, headers, protocol mode, longest call),
// Probe tools, Sign in for servers that ask for OAuth, and trust. Saving asks for
// host permission from the click before any await: without it Chrome sends a CORS
// preflight the MCP endpoint will not answer.
import { useEffect, useId, useState } from 'preact/hooks';
import type {
  McpProbeResult,
  McpServerInput,
  McpServerView,
} from '../../../shared/protocol/integration-messages';
import { requestHostPermission, type RequestHostPermission } from '../host-permission';
import {
  CheckField,
  CleartextConsent,
  FieldError,
  IntegrationList,
  TextField,
  useIntegrationForm,
} from './integration-form';
import { McpProbeResultView } from './mcp-probe-result';
import { HeaderRows, headerRowIndex } from './tools-header-rows';
import type { IntegrationsClient } from './tools-tab';

const EMPTY: McpServerInput = {
  name: '',
  url: 'https://',
  headers: [],
  enabled: true,
  protocolMode: 'auto',
  insecureOriginAcknowledged: null,
};

/** The form values of a saved server (views carry extra, read-only fields). */
const toInput = ({
  trusted: _trusted,
  trustedToolCount: _count,
  signedIn: _signedIn,
  ...input
}: McpServerView): McpServerInput => input;

const describe = (server: McpServerView) =>
  (server.trusted
    ? `trusted (${server.trustedToolCount ?? 0} tools reviewed)`
    : 'asks before each call') + (server.signedIn ? ', signed in' : '');

/** Props of {@link McpTab}. */
export interface McpTabProps {
  readonly client: IntegrationsClient;
  readonly requestPermission?: RequestHostPermission | undefined;
}

/** The MCP servers list and form. */
export function McpTab({ client, requestPermission = requestHostPermission }: McpTabProps) {
  const [servers, setServers] = useState<McpServerView[]>([]);
  const [probe, setProbe] = useState<McpProbeResult | null>(null);
  const form = useIntegrationForm(EMPTY, 'url', requestPermission);
  const ids = { protocol: useId(), callLimit: useId() };
  const { draft, trusted, error } = form;
  const refresh = () =>
    void client
      .request('mcp/list', {})
      .then((result) => result.ok && setServers(result.data.servers));
  useEffect(refresh, [client]);
  const save = () => {
    const permission = form.permission();
    void (async () => {
      await permission;
      const result = await client.request('mcp/save', { server: draft });
      if (!result.ok) return form.refuse(result.error);
      form.setError(null);
      const saved =
        result.data.servers.find((server) => server.id === draft.id) ?? result.data.servers.at(-1);
      if (saved) form.setDraft({ ...draft, id: saved.id });
      if (saved && trusted !== saved.trusted) {
        const trust = await client.request('trust/set', { kind: 'mcp', id: saved.id, trusted });
        if (!trust.ok) form.refuse(trust.error, 'trust');
      }
      refresh();
      form.setStatus('Saved.');
    })();
  };
  const runProbe = () => {
    const permission = form.permission();
    void (async () => {
      await permission;
      setProbe(null);
      const result = await client.request('mcp/probe', { draft });
      setProbe(
        result.ok
          ? result.data
          : { ok: false, code: result.error.code, message: result.error.message },
      );
    })();
  };
  const signIn = (server: McpServerView) => {
    form.setStatus(`Signing in to ${server.name}…`);
    void client.request('mcp/sign-in', { id: server.id }).then((result) => {
      setProbe(
        result.ok
          ? result.data
          : { ok: false, code: result.error.code, message: result.error.message },
      );
      form.setStatus(result.ok && result.data.ok ? `Signed in to ${server.name}.` : '');
      refresh();
    });
  };
  const message = (path: string) => (error?.path === path ? error.message : undefined);
  const headerIndex = headerRowIndex(error?.path);
  return (
    <section class="sa-mcp-tab" aria-label="MCP servers">
      <IntegrationList
        items={servers}
        describe={describe}
        onOpen={(server) => (form.open(toInput(server), server.trusted), setProbe(null))}
        onDelete={(server) =>
          void client
            .request('mcp/delete', { id: server.id })
            .then((result) => result.ok && setServers(result.data.servers))
        }
        actions={(server) =>
          server.signedIn ? (
            <button
              type="button"
              onClick={() =>
                void client
                  .request('mcp/sign-out', { id: server.id })
                  .then((result) => result.ok && setServers(result.data.servers))
              }
            >
              Sign out
            </button>
          ) : (
            <button type="button" onClick={() => signIn(server)}>
              Sign in to {server.name}
            </button>
          )
        }
      />
      <form class="sa-mcp-form" onSubmit={(event) => (event.preventDefault(), save())}>
        <TextField
          label="Name"
          name="mcp-name"
          value={draft.name}
          onInput={(name) => form.edit({ name })}
          error={message('name')}
        />
        <TextField
          label="URL"
          name="mcp-url"
          value={draft.url}
          onInput={(url) => form.edit({ url })}
          error={message('url')}
        />
        <CleartextConsent
          origin={form.consentOrigin}
          acknowledged={draft.insecureOriginAcknowledged}
          onChange={(acknowledged) =>
            form.setDraft({ ...draft, insecureOriginAcknowledged: acknowledged })
          }
        />
        <div class="sa-field">
          <label for={ids.protocol}>Protocol</label>
          <select
            id={ids.protocol}
            name="mcp-protocol"
            value={draft.protocolMode}
            onChange={(event) =>
              form.edit({
                protocolMode: event.currentTarget.value === '2026-07-28' ? '2026-07-28' : 'auto',
              })
            }
          >
            <option value="auto">Auto: 2026-07-28, falling back to older revisions</option>
            <option value="2026-07-28">2026-07-28 only</option>
          </select>
        </div>
        <div class="sa-field">
          <label for={ids.callLimit}>
            Longest call (seconds, while the server reports progress)
          </label>
          <input
            id={ids.callLimit}
            name="mcp-call-limit"
            type="number"
            min={10}
            max={3600}
            value={draft.callLimitSeconds ?? 300}
            onInput={(event) => {
              const seconds = Math.round(Number(event.currentTarget.value));
              if (Number.isFinite(seconds))
                form.edit({ callLimitSeconds: Math.min(3600, Math.max(10, seconds)) });
            }}
          />
        </div>
        <HeaderRows
          id="mcp-headers"
          rows={draft.headers}
          onChange={(headers) => form.edit({ headers })}
          error={
            headerIndex !== null && error
              ? { index: headerIndex, message: error.message }
              : undefined
          }
        />
        <CheckField
          name="mcp-enabled"
          checked={draft.enabled}
          onChange={(enabled) => form.edit({ enabled })}
        >
          Enabled
        </CheckField>
        <CheckField name="mcp-trusted" checked={trusted} onChange={form.setTrusted}>
          Trust this server and the tools it advertises now
        </CheckField>
        <FieldError message={message('trust')} />
        <div class="sa-actions">
          <button type="submit" class="sa-primary">
            Save server
          </button>
          <button type="button" onClick={runProbe}>
            Probe tools
          </button>
          <button type="button" onClick={() => (form.open(), setProbe(null))}>
            New server
          </button>
        </div>
        <p role="status" class="sa-hint">
          {form.status}
        </p>
      </form>
      {probe ? <McpProbeResultView result={probe} /> : null}
    </section>
  );
}
