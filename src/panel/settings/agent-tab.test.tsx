import { describe, expect, it } from 'vitest';
import type { GeneralSettings } from '../../shared/protocol/settings-messages';
import { button, change, click, mount, settle, typeInto } from './__fixtures__/dom';

import { createFakeWorker, modelView, settingsView } from './__fixtures__/fake-worker';
import { AgentTab } from './agent-tab';
import { GeneralTab } from './general-tab';
import { SettingsController } from './settings-controller';

const fieldOf = (root: HTMLElement, testId: string) =>
  root.querySelector(`[data-testid="${testId}"]`);

function setup(models = [modelView()]) {
  let general = settingsView(models).general;
  const patches: Partial<GeneralSettings>[] = [];
  const fake = createFakeWorker({
    'settings/get': () => ({ ...settingsView(models), general }),
    'settings/save-general': ({ patch }: { patch: Partial<GeneralSettings> }) => {
      patches.push(patch);
      general = { ...general, ...patch };
      return { ...settingsView(models), general };
    },
  });
  return { controller: new SettingsController(fake.client), patches, general };
}

describe('Settings → Agent', () => {
  it('starts at the stored plan setting and saves only its own key', async () => {
    const { controller, patches, general } = setup();
    const root = mount(<AgentTab controller={controller} general={general} />);
    const select = root.querySelector<HTMLSelectElement>('[data-testid="plan-review-setting"]')!;
    expect(select.value).toBe('ask');
    expect([...select.options].map((option) => option.value)).toEqual(['ask', 'auto', 'off']);
    expect(root.querySelector(`#${CSS.escape(select.id)}`)).toBe(select);
    expect(root.querySelector(`label[for="${select.id}"]`)?.textContent).toBe(
      'Plan before acting (Act and Dev)',
    );
    change(select, 'auto');
    click(button(root, 'Save'));
    await settle();
    expect(patches).toEqual([
      {
        planReview: 'auto',
        autoScreenshot: 'after-change',
        screenshotDescriberId: null,
        maxSteps: 60,
        runTokenLimit: null,
        dayTokenLimit: null,
        runCostLimit: null,
        dayCostLimit: null,
        clarifyTimeout: 'wait',
        clarifyWaitSeconds: 120,
        strictSecretMode: false,
      },
    ]);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Saved.');
  });

  it('turns strict secret mode on, off by default', async () => {
    const { controller, patches, general } = setup();
    const root = mount(<AgentTab controller={controller} general={general} />);
    const box = fieldOf(root, 'strict-secret-mode-setting') as HTMLInputElement;
    expect(box.checked).toBe(false);
    change(box);
    click(button(root, 'Save'));
    await settle();
    expect(patches).toMatchObject([{ strictSecretMode: true }]);
  });

  it('is not overwritten by a save in General with an older copy', async () => {
    const { controller, patches, general } = setup();
    const root = mount(<GeneralTab controller={controller} general={general} />);
    click(button(root, 'Save'));
    await settle();
    expect(patches).toHaveLength(1);
    expect(patches[0]).not.toHaveProperty('planReview');
    expect(patches[0]).not.toHaveProperty('maxSteps');
    expect(patches[0]).not.toHaveProperty('dayTokenLimit');
    expect(patches[0]).not.toHaveProperty('dayCostLimit');
    expect(patches[0]).not.toHaveProperty('clarifyTimeout');
    expect(patches[0]).not.toHaveProperty('autoScreenshot');
  });

  it('starts at the stored screenshot setting and saves the one picked', async () => {
    const { controller, patches, general } = setup();
    const root = mount(<AgentTab controller={controller} general={general} />);
    const select = fieldOf(root, 'auto-screenshot-setting') as HTMLSelectElement;
    expect(select.value).toBe('after-change');
    expect([...select.options].map((option) => option.value)).toEqual([
      'after-change',
      'after-navigation',
      'every-step',
      'off',
    ]);
    expect(root.querySelector(`label[for="${select.id}"]`)?.textContent).toBe(
      'Send a screenshot by itself (Act and Dev)',
    );
    change(select, 'every-step');
    click(button(root, 'Save'));
    await settle();
    expect(patches).toEqual([expect.objectContaining({ autoScreenshot: 'every-step' })]);
  });

  it('offers only models that see images as the describer, and saves the one picked', async () => {
    const { controller, patches, general } = setup([
      modelView(),
      modelView({ id: 'm2', name: 'Eyes', supportsVision: true }),
    ]);
    await controller.load();
    const root = mount(<AgentTab controller={controller} general={general} />);
    const select = fieldOf(root, 'screenshot-describer-setting') as HTMLSelectElement;
    expect(select.value).toBe('');
    expect([...select.options].map((option) => option.textContent)).toEqual(['None', 'Eyes']);
    change(select, 'm2');
    click(button(root, 'Save'));
    await settle();
    expect(patches).toEqual([expect.objectContaining({ screenshotDescriberId: 'm2' })]);
  });

  it('saves the step cap and token limits as numbers, empty as no limit', async () => {
    const { controller, patches, general } = setup();
    const root = mount(<AgentTab controller={controller} general={general} />);
    typeInto(fieldOf(root, 'max-steps-setting'), '12');
    typeInto(fieldOf(root, 'run-token-limit-setting'), '50,000');
    typeInto(fieldOf(root, 'day-token-limit-setting'), '');
    click(button(root, 'Save'));
    await settle();
    expect(patches).toEqual([
      {
        planReview: 'ask',
        autoScreenshot: 'after-change',
        screenshotDescriberId: null,
        maxSteps: 12,
        runTokenLimit: 50_000,
        dayTokenLimit: null,
        runCostLimit: null,
        dayCostLimit: null,
        clarifyTimeout: 'wait',
        clarifyWaitSeconds: 120,
        strictSecretMode: false,
      },
    ]);
  });

  it('asks for the seconds only when the first answer is taken after a while, and checks them', async () => {
    const { controller, patches, general } = setup();
    const root = mount(<AgentTab controller={controller} general={general} />);
    expect(root.querySelector('[data-testid="clarify-wait-setting"]')).toBeNull();
    change(
      fieldOf(root, 'clarify-timeout-setting') as unknown as HTMLSelectElement,
      'first-option',
    );
    await settle();
    typeInto(fieldOf(root, 'clarify-wait-setting'), '5');
    click(button(root, 'Save'));
    await settle();
    expect(patches).toEqual([]);
    expect(root.textContent).toContain('Enter a whole number of seconds from 10 to 3600.');
    typeInto(fieldOf(root, 'clarify-wait-setting'), '45');
    click(button(root, 'Save'));
    await settle();
    expect(patches).toEqual([
      expect.objectContaining({ clarifyTimeout: 'first-option', clarifyWaitSeconds: 45 }),
    ]);
  });

  it.each([
    ['max-steps-setting', '0', 'Enter a whole number of steps from 5 to 200.'],
    ['max-steps-setting', 'many', 'Enter a whole number of steps from 5 to 200.'],
    ['run-token-limit-setting', '-5', 'Enter a whole number of tokens from 1,000'],
    ['day-token-limit-setting', '99999999999999', 'Enter a whole number of tokens from 1,000'],
    ['run-cost-limit-setting', '-0.5', 'Enter an amount in US dollars from $0.01'],
    ['day-cost-limit-setting', '0.001', 'Enter an amount in US dollars from $0.01'],
  ])('refuses %s typed as %j with plain words and saves nothing', async (field, typed, words) => {
    const { controller, patches, general } = setup();
    const root = mount(<AgentTab controller={controller} general={general} />);
    typeInto(fieldOf(root, field), typed);
    click(button(root, 'Save'));
    await settle();
    expect(patches).toEqual([]);
    const input = root.querySelector<HTMLInputElement>(`[data-testid="${field}"]`)!;
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector('[role="alert"]')?.textContent).toContain(words);
    // What the person typed stays in the field to be fixed.
    expect(input.value).toBe(typed);
  });

  it('saves cost limits in dollars and says they apply only to priced models', async () => {
    const { controller, patches, general } = setup();
    const root = mount(<AgentTab controller={controller} general={general} />);
    expect(root.textContent).toContain('Applies to models whose prices you entered');
    typeInto(fieldOf(root, 'run-cost-limit-setting'), '$0.50');
    typeInto(fieldOf(root, 'day-cost-limit-setting'), '5');
    click(button(root, 'Save'));
    await settle();
    expect(patches).toEqual([expect.objectContaining({ runCostLimit: 0.5, dayCostLimit: 5 })]);
  });
});
