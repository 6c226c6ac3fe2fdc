import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelInput } from '../../shared/protocol/settings-messages';
import { byLabel, button, change, click, mount, settle, typeInto } from './__fixtures__/dom';
import { WorkerError, createFakeWorker, modelView, settingsView } from './__fixtures__/fake-worker';
import { ModelForm } from './model-form';
import { SettingsController } from './settings-controller';

afterEach(() => {
  document.body.innerHTML = '';
});

function setup(model = modelView(), overrides: Parameters<typeof createFakeWorker>[0] = {}) {
  const saved: ModelInput[] = [];
  const fake = createFakeWorker({
    'settings/get': () => settingsView([model]),
    'settings/save-model': ({ model: input }: { model: ModelInput }) => {
      saved.push(input);
      const { apiKey: _apiKey, ...fields } = input;
      return settingsView([
        { ...model, ...fields, id: input.id ?? 'new', hasApiKey: true, apiKeyHint: 'wxyz' },
      ]);
    },
    ...overrides,
  });
  const controller = new SettingsController(fake.client);
  const onDone = vi.fn();
  const requestPermission = vi.fn(async (_origin: string) => true);
  return { fake, controller, onDone, requestPermission, saved };
}

const submit = (root: HTMLElement) => click(button(root, 'Save model'));

describe('ModelForm', () => {
  it('adds a model: asks host permission for its origin in the click, then saves with the key', async () => {
    const { fake, controller, onDone, requestPermission, saved } = setup();
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={null}
        onDone={onDone}
        requestPermission={requestPermission}
      />,
    );
    typeInto(byLabel(root, 'Name'), 'My model');
    typeInto(byLabel(root, 'Base URL'), 'https://llm.example.org/v1');
    typeInto(byLabel(root, 'API key'), 'sk-secret-1234');
    typeInto(byLabel(root, 'Model id'), 'model-a');
    change(byLabel(root, 'Reasoning effort'), 'high');
    submit(root);
    // Requested synchronously inside the click: no await may come before it.
    expect(requestPermission).toHaveBeenCalledWith('https://llm.example.org');
    await settle();
    expect(saved).toEqual([
      expect.objectContaining({
        name: 'My model',
        baseUrl: 'https://llm.example.org/v1',
        apiKey: 'sk-secret-1234',
        modelId: 'model-a',
        reasoningEffort: 'high',
        insecureOriginAcknowledged: null,
      }),
    ]);
    expect(onDone).toHaveBeenCalled();
  });

  it('edits a model without sending a key, so the stored key is kept', async () => {
    const { fake, controller, onDone, requestPermission, saved } = setup();
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={modelView()}
        onDone={onDone}
        requestPermission={requestPermission}
      />,
    );
    expect(root.textContent).toContain('Stored key: •••• abcd');
    expect((byLabel(root, 'API key') as HTMLInputElement).value).toBe('');
    typeInto(byLabel(root, 'Name'), 'Renamed');
    submit(root);
    await settle();
    expect(saved[0]).toMatchObject({ id: 'm1', name: 'Renamed' });
    expect(saved[0]).not.toHaveProperty('apiKey');
  });

  it('clears the key only through the explicit Clear key action', async () => {
    const { fake, controller, onDone, requestPermission, saved } = setup();
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={modelView()}
        onDone={onDone}
        requestPermission={requestPermission}
      />,
    );
    click(button(root, 'Clear key'));
    expect(root.textContent).toContain('The stored key will be removed when you save.');
    submit(root);
    await settle();
    expect(saved[0]).toMatchObject({ apiKey: '' });
  });

  it('shows the plain-HTTP acknowledgement only for non-loopback http and clears it when the origin changes', async () => {
    const { fake, controller, onDone, requestPermission, saved } = setup();
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={modelView()}
        onDone={onDone}
        requestPermission={requestPermission}
      />,
    );
    const url = byLabel(root, 'Base URL');
    typeInto(url, 'http://localhost:11434/v1');
    expect(root.querySelector('[data-testid="insecure-ack"]')).toBeNull();
    typeInto(url, 'http://gpu.lan:8000/v1');
    const ack = root.querySelector<HTMLInputElement>('[data-testid="insecure-ack"]');
    expect(ack?.closest('label')?.textContent).toContain(
      'Allow plain HTTP for http://gpu.lan:8000',
    );
    submit(root);
    await settle();
    expect(saved).toEqual([]);
    expect(root.querySelector('[role="alert"]')?.textContent).toContain(
      'allow it for http://gpu.lan:8000',
    );
    expect(ack?.getAttribute('aria-describedby')).toBeTruthy();
    change(ack);
    typeInto(url, 'http://gpu.lan:8000/v2');
    expect(root.querySelector<HTMLInputElement>('[data-testid="insecure-ack"]')?.checked).toBe(
      true,
    );
    typeInto(url, 'http://other.lan:8000/v1');
    expect(root.querySelector<HTMLInputElement>('[data-testid="insecure-ack"]')?.checked).toBe(
      false,
    );
    typeInto(url, 'http://gpu.lan:8000/v1');
    change(root.querySelector('[data-testid="insecure-ack"]'));
    submit(root);
    await settle();
    expect(saved[0]).toMatchObject({ insecureOriginAcknowledged: 'http://gpu.lan:8000' });
  });

  it('reports a successful connection test with latency and whether the model is listed', async () => {
    const { fake, controller, onDone } = setup(modelView(), {
      'settings/test-model': () => ({
        ok: true,
        latencyMs: 42.4,
        modelCount: 3,
        isModelListed: true,
      }),
    });
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={modelView()}
        onDone={onDone}
      />,
    );
    click(button(root, 'Test connection'));
    await settle();
    expect(root.querySelector('[data-testid="test-result"]')?.textContent).toBe(
      'Connected in 42 ms. 3 models available; "gpt-test" is listed.',
    );
    expect(fake.of('settings/test-model')[0]?.payload).toMatchObject({
      draft: { id: 'm1', modelId: 'gpt-test' },
    });
  });

  it('reports a failed connection test with the code, message and status', async () => {
    const { fake, controller, onDone } = setup(modelView(), {
      'settings/test-model': () => ({
        ok: false,
        code: 'PROVIDER_AUTH',
        message: 'The key was refused.',
        status: 401,
      }),
    });
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={modelView()}
        onDone={onDone}
      />,
    );
    click(button(root, 'Test connection'));
    await settle();
    expect(root.querySelector('[data-testid="test-result"]')?.textContent).toBe(
      'Failed: The key was refused. (HTTP 401)',
    );
  });

  it('puts worker errors on the field they concern, in plain words without the code', async () => {
    const { fake, controller, onDone, requestPermission } = setup(modelView(), {
      'settings/save-model': () => {
        throw new WorkerError(
          'EMBEDDED_CREDENTIALS',
          'URLs may not carry a user name or password.',
        );
      },
    });
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={modelView()}
        onDone={onDone}
        requestPermission={requestPermission}
      />,
    );
    submit(root);
    await settle();
    const url = byLabel(root, 'Base URL');
    const errorId = url
      .getAttribute('aria-describedby')
      ?.split(' ')
      .find((id) => id.endsWith('-error'));
    expect(root.querySelector(`[id="${errorId}"]`)?.textContent).toBe(
      'URLs may not carry a user name or password.',
    );
    expect(onDone).not.toHaveBeenCalled();
  });

  it('explains a refused host permission and still allows saving', async () => {
    const { fake, controller, onDone, saved } = setup();
    const refuse = vi.fn(async () => false);
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={modelView()}
        onDone={onDone}
        requestPermission={refuse}
      />,
    );
    submit(root);
    await settle();
    expect(saved).toEqual([]);
    expect(root.querySelector('[data-testid="permission-denied"]')?.textContent).toContain(
      'not allowed to reach https://api.example.com',
    );
    click(button(root, 'Save anyway'));
    await settle();
    expect(saved).toHaveLength(1);
    expect(onDone).toHaveBeenCalled();
  });

  it('shows required-field errors inline, then asks the browser even for an origin it may already grant', async () => {
    const { fake, controller, onDone, requestPermission, saved } = setup();
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={null}
        onDone={onDone}
        requestPermission={requestPermission}
      />,
    );
    submit(root);
    expect(root.textContent).toContain('A name is required.');
    expect(byLabel(root, 'Name').getAttribute('aria-invalid')).toBe('true');
    expect(requestPermission).not.toHaveBeenCalled();
    typeInto(byLabel(root, 'Name'), 'Docs proxy');
    typeInto(byLabel(root, 'Base URL'), 'https://docs.example/api');
    typeInto(byLabel(root, 'Model id'), 'x');
    submit(root);
    await settle();
    // The panel keeps no list of pre-granted origins: the browser answers at once for those.
    expect(requestPermission).toHaveBeenCalledWith('https://docs.example');
    expect(saved).toHaveLength(1);
  });

  it('offers the provider model list as suggestions and falls back to free text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { fake, controller, onDone } = setup(modelView(), {
      'settings/list-models': () => ({ ok: true, models: ['model-a', hostile] }),
    });
    const root = mount(
      <ModelForm
        client={fake.client}
        controller={controller}
        model={modelView()}
        onDone={onDone}
      />,
    );
    click(button(root, 'Load list'));
    await settle();
    const options = [...root.querySelectorAll('[data-testid="model-id-options"] option')].map(
      (option) => option.getAttribute('value'),
    );
    expect(options).toEqual(['model-a', hostile]);
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('2 models offered');
  });
});
