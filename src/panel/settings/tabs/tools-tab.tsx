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
import { requestHostPermission, type RequestHostPermission } from '../host-permission';
import {
  CheckField,
  CleartextConsent,
  IntegrationList,
  TextField,
  useIntegrationForm,
} from './integration-form';
import { HeaderRows, headerRowIndex } from './tools-header-rows';

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
  const form = useIntegrationForm(EMPTY, 'endpoint', requestPermission);
  const { draft, trusted, error } = form;
  useEffect(() => {
    void client
      .request('custom-tools/list', {})
      .then((result) => result.ok && setTools(result.data.tools));
  }, [client]);
  const save = () => {
    const permission = form.permission();
    void (async () => {
      await permission;
      const result = await client.request('custom-tools/save', { tool: draft });
      if (!result.ok) return form.refuse(result.error);
      form.setError(null);
      const saved = result.data.tools.find((tool) => tool.name === draft.name.trim());
      if (saved && trusted !== saved.trusted)
        await client.request('trust/set', { kind: 'custom', id: saved.id, trusted });
      const list = await client.request('custom-tools/list', {});
      if (list.ok) setTools(list.data.tools);
      form.setStatus('Saved.');
    })();
  };
  const errorAt = (prefix: string) =>
    error && (error.path === prefix || (prefix === 'schemaJson' && error.path.startsWith('$')))
      ? error.message
      : undefined;
  const headerIndex = headerRowIndex(error?.path);
  return (
    <section class="sa-tools-tab" aria-label="Custom tools">
      <IntegrationList
        items={tools}
        describe={(tool) => (tool.trusted ? 'trusted' : 'asks before each call')}
        onOpen={(tool) => form.open(toInput(tool), tool.trusted)}
        onDelete={(tool) =>
          void client
            .request('custom-tools/delete', { id: tool.id })
            .then((result) => result.ok && setTools(result.data.tools))
        }
      />
      <form class="sa-tool-form" onSubmit={(event) => (event.preventDefault(), save())}>
        <TextField
          label="Name"
          name="tool-name"
          value={draft.name}
          onInput={(name) => form.edit({ name })}
          error={errorAt('name')}
        />
        <TextField
          label="Description"
          name="tool-description"
          value={draft.description}
          onInput={(description) => form.edit({ description })}
          error={errorAt('description')}
          rows={3}
        />
        <TextField
          label="Endpoint"
          name="tool-endpoint"
          value={draft.endpoint}
          onInput={(endpoint) => form.edit({ endpoint })}
          error={errorAt('endpoint')}
        />
        <CleartextConsent
          origin={form.consentOrigin}
          acknowledged={draft.insecureOriginAcknowledged}
          onChange={(acknowledged) =>
            form.setDraft({ ...draft, insecureOriginAcknowledged: acknowledged })
          }
        />
        <HeaderRows
          id="tool-headers"
          rows={draft.headers}
          onChange={(headers) => form.edit({ headers })}
          error={
            headerIndex !== null && error
              ? { index: headerIndex, message: error.message }
              : undefined
          }
        />
        <TextField
          label="Input schema (JSON)"
          name="tool-schema"
          rows={8}
          value={draft.schemaJson}
          onInput={(schemaJson) => form.edit({ schemaJson })}
          error={errorAt('schemaJson')}
        />
        <CheckField
          name="tool-enabled"
          checked={draft.enabled}
          onChange={(enabled) => form.edit({ enabled })}
        >
          Enabled
        </CheckField>
        <CheckField name="tool-trusted" checked={trusted} onChange={form.setTrusted}>
          Trust this exact tool (calls run without asking)
        </CheckField>
        <div class="sa-actions">
          <button type="submit" class="sa-primary">
            Save tool
          </button>
          <button type="button" onClick={() => form.open()}>
            New tool
          </button>
        </div>
        <p role="status" class="sa-hint">
          {form.status}
        </p>
      </form>
    </section>
  );
}
