// Settings -> Tools: custom HTTP tools. Saving asks for host permission from the
// click (before any await), then the worker validates name, endpoint, headers and
// schema and answers with the offending field. Trust is a separate explicit step.
import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../../../shared/protocol/client';
import type { RequestChannel } from '../../../shared/protocol/define-channel';
import type {
  CustomToolInput,
  CustomToolView,
  integrationRequestMethods,
} from '../../../shared/protocol/integration-messages';
import { formatError } from '../form-field';
import { requestHostPermission, type RequestHostPermission } from '../host-permission';
import { HeaderRows, headerRowIndex, needsCleartextConsent } from './tools-header-rows';

/** A client that can call the integration methods. */
export type IntegrationsClient = Client<RequestChannel<typeof integrationRequestMethods>>;

const EMPTY: CustomToolInput = {
  name: '',
  description: '',
  endpoint: 'https://',
  headers: [],
  schemaJson: '{\n  "type": "object",\n  "properties": {}\n}',
  enabled: true,
  insecureOriginAcknowledged: null,
};

/** The form values of a saved tool (views carry extra, read-only fields). */
const toInput = ({ trusted: _trusted, ...input }: CustomToolView): CustomToolInput => input;

/** Props of {@link ToolsTab}. */
export interface ToolsTabProps {
  readonly client: IntegrationsClient;
  readonly requestPermission?: RequestHostPermission | undefined;
}

/** The custom tools list and form. */
export function ToolsTab({ client, requestPermission = requestHostPermission }: ToolsTabProps) {
  const [tools, setTools] = useState<CustomToolView[]>([]);
  const [draft, setDraft] = useState<CustomToolInput>(EMPTY);
  const [trusted, setTrusted] = useState(false);
  const [error, setError] = useState<{ path: string; message: string } | null>(null);
  const [status, setStatus] = useState('');
  useEffect(() => {
    void client
      .request('custom-tools/list', {})
      .then((result) => result.ok && setTools(result.data.tools));
  }, [client]);
  const consentOrigin = needsCleartextConsent(draft.endpoint);
  const edit = (patch: Partial<CustomToolInput>) => {
    // Editing the endpoint drops a consent given for another origin.
    setDraft((current) => ({
      ...current,
      ...patch,
      ...(patch.endpoint !== undefined ? { insecureOriginAcknowledged: null } : {}),
    }));
    setTrusted(false);
  };
  const save = () => {
    let origin = '';
    try {
      origin = new URL(draft.endpoint).origin;
    } catch {
      /* the worker reports the invalid URL */
    }
    const permission = origin ? requestPermission(origin) : Promise.resolve(false);
    void (async () => {
      await permission;
      const result = await client.request('custom-tools/save', { tool: draft });
      if (!result.ok) {
        const path =
          typeof result.error.details?.['path'] === 'string' ? result.error.details['path'] : '';
        setError({ path, message: formatError(result.error) });
        return;
      }
      setError(null);
      const saved = result.data.tools.find((tool) => tool.name === draft.name.trim());
      if (saved && trusted !== saved.trusted)
        await client.request('trust/set', { kind: 'custom', id: saved.id, trusted });
      const list = await client.request('custom-tools/list', {});
      if (list.ok) setTools(list.data.tools);
      setStatus('Saved.');
    })();
  };
  const errorAt = (prefix: string) =>
    error && (error.path === prefix || (prefix === 'schemaJson' && error.path.startsWith('$')))
      ? error.message
      : undefined;
  const headerIndex = headerRowIndex(error?.path);
  return (
    <section class="sa-tools-tab" aria-label="Custom tools">
      <ul class="sa-integration-list">
        {tools.map((tool) => (
          <li key={tool.id}>
            <button
              type="button"
              onClick={() => (setDraft(toInput(tool)), setTrusted(tool.trusted))}
            >
              {tool.name}
            </button>
            <span>{tool.trusted ? ' trusted' : ' asks before each call'}</span>
            <button
              type="button"
              onClick={() =>
                void client
                  .request('custom-tools/delete', { id: tool.id })
                  .then((result) => result.ok && setTools(result.data.tools))
              }
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form class="sa-tool-form" onSubmit={(event) => (event.preventDefault(), save())}>
        <label>
          Name{' '}
          <input
            name="tool-name"
            value={draft.name}
            onInput={(event) => edit({ name: event.currentTarget.value })}
          />
        </label>
        {errorAt('name') ? (
          <p class="sa-field-error" role="alert">
            {errorAt('name')}
          </p>
        ) : null}
        <label>
          Description{' '}
          <textarea
            name="tool-description"
            value={draft.description}
            onInput={(event) => edit({ description: event.currentTarget.value })}
          />
        </label>
        {errorAt('description') ? (
          <p class="sa-field-error" role="alert">
            {errorAt('description')}
          </p>
        ) : null}
        <label>
          Endpoint{' '}
          <input
            name="tool-endpoint"
            value={draft.endpoint}
            onInput={(event) => edit({ endpoint: event.currentTarget.value })}
          />
        </label>
        {errorAt('endpoint') ? (
          <p class="sa-field-error" role="alert">
            {errorAt('endpoint')}
          </p>
        ) : null}
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
        <HeaderRows
          id="tool-headers"
          rows={draft.headers}
          onChange={(headers) => edit({ headers })}
          error={
            headerIndex !== null && error
              ? { index: headerIndex, message: error.message }
              : undefined
          }
        />
        <label>
          Input schema (JSON){' '}
          <textarea
            name="tool-schema"
            rows={8}
            value={draft.schemaJson}
            onInput={(event) => edit({ schemaJson: event.currentTarget.value })}
          />
        </label>
        {errorAt('schemaJson') ? (
          <p class="sa-field-error" role="alert">
            {errorAt('schemaJson')}
          </p>
        ) : null}
        <label>
          <input
            type="checkbox"
            name="tool-enabled"
            checked={draft.enabled}
            onChange={(event) => edit({ enabled: event.currentTarget.checked })}
          />{' '}
          Enabled
        </label>
        <label>
          <input
            type="checkbox"
            name="tool-trusted"
            checked={trusted}
            onChange={(event) => setTrusted(event.currentTarget.checked)}
          />{' '}
          Trust this exact tool (calls run without asking)
        </label>
        <button type="submit">Save tool</button>
        <button type="button" onClick={() => (setDraft(EMPTY), setTrusted(false), setError(null))}>
          New tool
        </button>
        <p role="status">{status}</p>
      </form>
    </section>
  );
}
