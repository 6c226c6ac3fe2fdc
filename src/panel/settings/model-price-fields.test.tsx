import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ModelInput } from '../../shared/protocol/settings-messages';
import { button, click, mount, settle, typeInto } from './__fixtures__/dom';
import { createFakeWorker, modelView, settingsView } from './__fixtures__/fake-worker';
import { ModelForm } from './model-form';
import { SettingsController } from './settings-controller';
import { draftFromModel, toModelInput, validateDraft } from './model-draft';

afterEach(() => {
  document.body.innerHTML = '';
});

const INPUT_LABEL = 'Input price (US$ per million tokens, optional)';
const OUTPUT_LABEL = 'Output price (US$ per million tokens, optional)';

function formFor(model = modelView()) {
  const saved: ModelInput[] = [];
  const fake = createFakeWorker({
    'settings/get': () => settingsView([model]),
    'settings/save-model': ({ model: input }: { model: ModelInput }) => {
      saved.push(input);
      const { apiKey: _apiKey, ...fields } = input;
      return settingsView([{ ...model, ...fields, id: input.id ?? 'new' }]);
    },
  });
  const controller = new SettingsController(fake.client);
  const root = mount(
    <ModelForm
      client={fake.client}
      controller={controller}
      model={model}
      onDone={vi.fn()}
      requestPermission={vi.fn(async () => true)}
    />,
  );
  const field = (testId: string) =>
    root.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`)!;
  return { root, saved, input: field('model-input-price'), output: field('model-output-price') };
}

describe('model prices', () => {
  it('saves both prices with the model, in dollars per million tokens', async () => {
    const { root, saved, input, output } = formFor();
    expect(root.textContent).toContain(INPUT_LABEL);
    expect(root.textContent).toContain(OUTPUT_LABEL);
    typeInto(input, '$3');
    typeInto(output, '15.50');
    click(button(root, 'Save model'));
    await settle();
    expect(saved[0]?.prices).toEqual({ inputPerMillion: 3, outputPerMillion: 15.5 });
  });

  it('refuses a negative price and a lone price with plain words, saving nothing', async () => {
    const { root, saved, input, output } = formFor();
    typeInto(input, '-1');
    click(button(root, 'Save model'));
    await settle();
    expect(saved).toEqual([]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(root.textContent).toContain('Enter US dollars per million tokens from $0.00');
    typeInto(input, '2');
    click(button(root, 'Save model'));
    await settle();
    expect(saved).toEqual([]);
    expect(output.getAttribute('aria-invalid')).toBe('true');
    expect(root.textContent).toContain('Enter both prices');
  });

  it('shows stored prices, and clearing both removes them', async () => {
    const { root, saved, input, output } = formFor(
      modelView({ prices: { inputPerMillion: 0.075, outputPerMillion: 0.3 } }),
    );
    expect([input.value, output.value]).toEqual(['0.075', '0.3']);
    typeInto(input, '');
    typeInto(output, '');
    click(button(root, 'Save model'));
    await settle();
    expect(saved).toHaveLength(1);
    expect(saved[0]).not.toHaveProperty('prices');
  });

  it('checks prices in the draft rules too', () => {
    const draft = draftFromModel(modelView());
    expect(validateDraft({ ...draft, inputPrice: '1', outputPrice: '10001' })).toHaveProperty(
      'outputPrice',
    );
    expect(validateDraft({ ...draft, inputPrice: '0', outputPrice: '0' })).toEqual({});
    expect(toModelInput({ ...draft, inputPrice: '0', outputPrice: '0' }).prices).toEqual({
      inputPerMillion: 0,
      outputPerMillion: 0,
    });
  });
});
