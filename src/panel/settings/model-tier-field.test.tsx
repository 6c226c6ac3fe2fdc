import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelInput } from '../../shared/protocol/settings-messages';
import { button, change, click, mount, settle, typeInto } from './__fixtures__/dom';
import { createFakeWorker, modelView, settingsView } from './__fixtures__/fake-worker';
import { ModelForm } from './model-form';
import { SettingsController } from './settings-controller';

afterEach(() => {
  document.body.innerHTML = '';
});

function openForm(model = modelView()) {
  const saved: ModelInput[] = [];
  const fake = createFakeWorker({
    'settings/get': () => settingsView([model]),
    'settings/save-model': ({ model: input }: { model: ModelInput }) => {
      saved.push(input);
      const { apiKey: _apiKey, ...fields } = input;
      return settingsView([{ ...model, ...fields, id: input.id ?? 'new' }]);
    },
  });
  const root = mount(
    <ModelForm
      client={fake.client}
      controller={new SettingsController(fake.client)}
      model={model}
      onDone={vi.fn()}
      requestPermission={vi.fn(async () => true)}
    />,
  );
  const select = root.querySelector<HTMLSelectElement>('[data-testid="model-prompt-tier"]');
  const hint = () => root.querySelector(`[id="${select?.getAttribute('aria-describedby') ?? ''}"]`);
  return { root, saved, select, hint };
}

describe('the prompt tier field', () => {
  it('starts at Automatic and says what the context window gives, following edits of the window', () => {
    const { root, select, hint } = openForm();
    expect(select?.value).toBe('auto');
    expect(hint()?.textContent).toBe('Follows the context window: Full for 128,000 tokens.');
    const window = root.querySelector<HTMLInputElement>('input[type="number"]');
    typeInto(window, '8192');
    expect(hint()?.textContent).toBe('Follows the context window: Compact for 8,192 tokens.');
  });

  it('saves the chosen tier as the model override, and Automatic as no override', async () => {
    const { root, saved, select } = openForm();
    change(select, 'compact');
    click(button(root, 'Save model'));
    await settle();
    expect(saved[0]).toMatchObject({ id: 'm1', promptTier: 'compact' });

    const overridden = openForm(modelView({ promptTier: 'mid' }));
    expect(overridden.select?.value).toBe('mid');
    expect(overridden.hint()?.textContent).toBe('Mid for every request to this model.');
    change(overridden.select, 'auto');
    click(button(overridden.root, 'Save model'));
    await settle();
    expect(overridden.saved[0]).not.toHaveProperty('promptTier');
  });

  it('warns that Dev mode needs more than Compact', () => {
    const { select, hint } = openForm(modelView({ promptTier: 'compact' }));
    expect(select?.value).toBe('compact');
    expect(hint()?.textContent).toContain('Dev mode needs Mid or Full.');
  });
});
