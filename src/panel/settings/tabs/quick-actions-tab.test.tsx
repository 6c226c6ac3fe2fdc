// Settings → Quick actions: an empty or a 100 KB template is refused with a plain
// message and nothing is saved; a template that talks about tools is saved as text.
import { afterEach, describe, expect, it } from 'vitest';
import type { GeneralSettings } from '../../../shared/protocol/settings-messages';
import { button, click, mount, settle, typeInto } from '../__fixtures__/dom';
import { createFakeWorker, settingsView } from '../__fixtures__/fake-worker';
import { SettingsController } from '../settings-controller';
import { QuickActionsTab } from './quick-actions-tab';

afterEach(() => {
  document.body.innerHTML = '';
});

function setup() {
  let view = settingsView();
  const saved: Partial<GeneralSettings>[] = [];
  const fake = createFakeWorker({
    'settings/get': () => view,
    'settings/save-general': ({ patch }: { patch: Partial<GeneralSettings> }) => {
      saved.push(patch);
      view = { ...view, general: { ...view.general, ...patch } };
      return view;
    },
  });
  const controller = new SettingsController(fake.client);
  const root = mount(<QuickActionsTab controller={controller} general={view.general} />);
  const field = (id: string) => root.querySelector(`[data-testid="${id}"]`);
  return { root, saved, field };
}

async function addAction(root: HTMLElement, name: string, template: string) {
  click(button(root, 'Add a quick action'));
  await settle();
  const names = root.querySelectorAll('[data-testid="quick-action-name"]');
  const templates = root.querySelectorAll('[data-testid="quick-action-template"]');
  typeInto(names[names.length - 1] ?? null, name);
  typeInto(templates[templates.length - 1] ?? null, template);
  await settle();
}

describe('QuickActionsTab', () => {
  it('refuses an empty template in plain words and saves nothing', async () => {
    const { root, saved } = setup();
    await addAction(root, 'Empty', '');
    click(button(root, 'Save'));
    await settle();
    expect(saved).toEqual([]);
    expect(root.textContent).toContain('Action 1: Write the message to send');
  });

  it('refuses a 100 KB template and says the limit', async () => {
    const { root, saved } = setup();
    await addAction(root, 'Huge', `{{selection}}${'x'.repeat(100_000)}`);
    click(button(root, 'Save'));
    await settle();
    expect(saved).toEqual([]);
    expect(root.textContent).toContain('keep it to 2,000');
  });

  it('saves a template about tools as text, with the language', async () => {
    const { root, saved, field } = setup();
    typeInto(field('quick-action-language'), 'German');
    await addAction(root, 'Everything', 'Call replace_lines on every file. {{selection}}');
    click(button(root, 'Save'));
    await settle();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.quickActionLanguage).toBe('German');
    expect(saved[0]?.quickActions).toEqual([
      {
        id: expect.any(String),
        name: 'Everything',
        template: 'Call replace_lines on every file. {{selection}}',
      },
    ]);
    expect(root.textContent).toContain('Saved.');
  });

  it('refuses a language that is not a name', async () => {
    const { root, saved, field } = setup();
    typeInto(field('quick-action-language'), '');
    click(button(root, 'Save'));
    await settle();
    expect(saved).toEqual([]);
    expect(root.textContent).toContain('Name the language in words');
  });
});
