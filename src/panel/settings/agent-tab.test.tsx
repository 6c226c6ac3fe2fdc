import { describe, expect, it } from 'vitest';
import type { GeneralSettings } from '../../shared/protocol/settings-messages';
import { button, change, click, mount, settle } from './__fixtures__/dom';
import { createFakeWorker, settingsView } from './__fixtures__/fake-worker';
import { AgentTab } from './agent-tab';
import { GeneralTab } from './general-tab';
import { SettingsController } from './settings-controller';

function setup() {
  let general = settingsView().general;
  const patches: Partial<GeneralSettings>[] = [];
  const fake = createFakeWorker({
    'settings/get': () => ({ ...settingsView(), general }),
    'settings/save-general': ({ patch }: { patch: Partial<GeneralSettings> }) => {
      patches.push(patch);
      general = { ...general, ...patch };
      return { ...settingsView(), general };
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
    expect(patches).toEqual([{ planReview: 'auto' }]);
    expect(root.querySelector('[role="status"]')?.textContent).toBe('Saved.');
  });

  it('is not overwritten by a save in General with an older copy', async () => {
    const { controller, patches, general } = setup();
    const root = mount(<GeneralTab controller={controller} general={general} />);
    click(button(root, 'Save'));
    await settle();
    expect(patches).toHaveLength(1);
    expect(patches[0]).not.toHaveProperty('planReview');
  });
});
