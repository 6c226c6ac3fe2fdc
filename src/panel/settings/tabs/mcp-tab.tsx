// Settings -> MCP: servers (name, URL, headers, protocol mode), Probe tools, and
// trust. Saving asks for host permission from the click before any await: without
// it Chrome sends a CORS preflight the MCP endpoint will not answer.
import { useEffect, useState } from 'preact/hooks';
import type {
  McpProbeResult,
  McpServerInput,
  McpServerView,
} from '../../../shared/protocol/integration-messages';
import { formatError } from '../form-field';
import { requestHostPermission, type RequestHostPermission } from '../host-permission';
import { McpProbeResultView } from './mcp-probe-result';
import { HeaderRows, headerRowIndex, needsCleartextConsent } from './tools-header-rows';
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
  ...input
}: McpServerView): McpServerInput => input;

/** Props of {@link McpTab}. */
export interface McpTabProps {
  readonly client: IntegrationsClient;
  readonly requestPermission?: RequestHostPermission | undefined;
}

/** The MCP servers list and form. */
export function McpTab({ client, requestPermission = requestHostPermission }: McpTabProps) {
  const [servers, setServers] = useState<McpServerView[]>([]);
  const [draft, setDraft] = useState<McpServerInput>(EMPTY);
  const [trusted, setTrusted] = useState(false);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const [probe, setProbe] = useState<McpProbeResult | null>(null);
  const [status, setStatus] = useState('');
  const refresh = () =>
    void client
      .request('mcp/list', {})
      .then((result) => result.ok && setServers(result.data.servers));
  useEffect(refresh, [client]);
  const consentOrigin = needsCleartextConsent(draft.url);
  const edit = (patch: Partial<McpServerInput>) => {
    setDraft((current) => ({
      ...current,
      ...patch,
      ...(patch.url !== undefined ? { insecureOriginAcknowledged: null } : {}),
    }));
    setTrusted(false);
  };
  const permissionFor = (url: string) => {
    try {
      return requestPermission(new URL(url).origin);
    } catch {
      return Promise.resolve(false);
    }
  };
  const save = () => {
    const permission = permissionFor(draft.url);
    void (async () => {
      await permission;
      const result = await client.request('mcp/save', { server: draft });
      if (!result.ok) {
        setError({
          path:
            typeof result.error.details?.['path'] === 'string' ? result.error.details['path'] : '',
          message: formatError(result.error),
        });
        return;
      }
      setError(null);
      const saved =
        result.data.servers.find((server) => server.id === draft.id) ?? result.data.servers.at(-1);
      if (saved) setDraft({ ...draft, id: saved.id });
      if (saved && trusted !== saved.trusted) {
        const trust = await client.request('trust/set', { kind: 'mcp', id: saved.id, trusted });
        if (!trust.ok) setError({ path: 'trust', message: formatError(trust.error) });
      }
      refresh();
      setStatus('Saved.');
    })();
  };
  const runProbe = () => {
    const permission = permissionFor(draft.url);
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
  const message = (path: string) =>
    error?.path === path ? (
      <p class="sa-field-error" role="alert">
        {error.message}
      </p>
    ) : null;
  const headerIndex = headerRowIndex(error?.path);
  return (
    <section class="sa-mcp-tab" aria-label="MCP servers">
      <ul class="sa-integration-list">
        {servers.map((server) => (
          <li key={server.id}>
            <button
              type="button"
              onClick={() => (
                setDraft(toInput(server)),
                setTrusted(server.trusted),
                setProbe(null)
              )}
            >
              {server.name}
            </button>
            <span>
              {server.trusted
                ? ` trusted (${server.trustedToolCount ?? 0} tools reviewed)`
                : ' asks before each call'}
            </span>
            <button
              type="button"
              onClick={() =>
                void client
                  .request('mcp/delete', { id: server.id })
                  .then((result) => result.ok && setServers(result.data.servers))
              }
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form class="sa-mcp-form" onSubmit={(event) => (event.preventDefault(), save())}>
        <label>
          Name{' '}
          <input
            name="mcp-name"
            value={draft.name}
            onInput={(event) => edit({ name: event.currentTarget.value })}
          />
        </label>
        {message('name')}
        <label>
          URL{' '}
          <input
            name="mcp-url"
            value={draft.url}
            onInput={(event) => edit({ url: event.currentTarget.value })}
          />
        </label>
        {message('url')}
        {consentOrigin ? (
          <label>
            <input
              type="checkbox"
              checked={draft.insecureOriginAcknowledged === consentOrigin}
              onChange={(event) =>
                setDraft({
                  ...draft,
                  insecureOriginAcknowledged: event.currentTarget.checked ? consentOrigin : null,
                })
              }
            />
            Send data to {consentOrigin} over unencrypted HTTP
          </label>
        ) : null}
        <label>
          Protocol
          <select
            name="mcp-protocol"
            value={draft.protocolMode}
            onChange={(event) =>
              edit({
                protocolMode: event.currentTarget.value === '2026-07-28' ? '2026-07-28' : 'auto',
              })
            }
          >
            <option value="auto">Auto: 2026-07-28, falling back to older revisions</option>
            <option value="2026-07-28">2026-07-28 only</option>
          </select>
        </label>
        <HeaderRows
          id="mcp-headers"
          rows={draft.headers}
          onChange={(headers) => edit({ headers })}
          error={
            headerIndex !== null && error
              ? { index: headerIndex, message: error.message }
              : undefined
          }
        />
        <label>
          <input
            type="checkbox"
            name="mcp-enabled"
            checked={draft.enabled}
            onChange={(event) => edit({ enabled: event.currentTarget.checked })}
          />{' '}
          Enabled
        </label>
        <label>
          <input
            type="checkbox"
            name="mcp-trusted"
            checked={trusted}
            onChange={(event) => setTrusted(event.currentTarget.checked)}
          />{' '}
          Trust this server and the tools it advertises now
        </label>
        {message('trust')}
        <button type="submit">Save server</button>
        <button type="button" onClick={runProbe}>
          Probe tools
        </button>
        <button
          type="button"
          onClick={() => (setDraft(EMPTY), setTrusted(false), setError(null), setProbe(null))}
        >
          New server
        </button>
        <p role="status">{status}</p>
      </form>
      {probe ? <McpProbeResultView result={probe} /> : null}
    </section>
  );
}
