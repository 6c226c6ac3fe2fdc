import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { byLabel, button, change, click, mount, settle, typeInto } from './__fixtures__/dom';
import { createFakeWorker, modelView, sessionMeta, settingsView } from './__fixtures__/fake-worker';
import { ModelPicker } from './model-picker';
import { SettingsView } from './settings-view';
import { settingsTabs } from './settings-tabs';

afterEach(() => {
  document.body.innerHTML = '';
});

function setup(models = [modelView()], initialTab?: 'general' | 'models' | 'sessions') {
  let view = settingsView(models);
  const fake = createFakeWorker({
    'settings/get': () => view,
    'settings/save-general': ({ patch }: { patch: Partial<typeof view.general> }) => {
      view = { ...view, general: { ...view.general, ...patch } };
      return view;
    },
    'settings/delete-model': ({ id }: { id: string }) => {
      view = { ...view, models: view.models.filter((model) => model.id !== id) };
      return view;
    },
    'session/search': () => [sessionMeta()],
    'session/storage-usage': () => ({ bytes: 10, warningBytes: 100, isOverWarning: false }),
  });
  const onClose = vi.fn();
  const onSettingsChanged = vi.fn();
  const root = mount(
    <SettingsView
      client={fake.client}
      onClose={onClose}
      initialTab={initialTab}
      onSettingsChanged={onSettingsChanged}
    />,
  );
  return { fake, root, onClose, onSettingsChanged };
}

const tabs = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('[role="tab"]')];

describe('SettingsView', () => {
  it('renders the registry as an ARIA tablist with one focusable tab and a labelled tabpanel', async () => {
    const { root } = setup();
    await settle();
    expect(tabs(root).map((tab) => tab.textContent)).toEqual(settingsTabs.map((tab) => tab.label));
    const selected = tabs(root).filter((tab) => tab.getAttribute('aria-selected') === 'true');
    expect(selected.map((tab) => tab.textContent)).toEqual(['General']);
    expect(tabs(root).map((tab) => tab.tabIndex)).toEqual(
      settingsTabs.map((_, index) => (index === 0 ? 0 : -1)),
    );
    const panel = root.querySelector('[role="tabpanel"]')!;
    expect(panel.getAttribute('aria-labelledby')).toBe(selected[0]?.id);
    expect(selected[0]?.getAttribute('aria-controls')).toBe(panel.id);
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    const { root } = setup();
    await settle();
    const press = (key: string) =>
      act(() => {
        (document.activeElement ?? tabs(root)[0])!.dispatchEvent(
          new KeyboardEvent('keydown', { key, bubbles: true }),
        );
      });
    tabs(root)[0]!.focus();
    press('ArrowRight');
    expect(document.activeElement?.textContent).toBe('Models');
    expect(root.querySelector('[role="tabpanel"]')?.textContent).toContain('Add model');
    press('End');
    expect(document.activeElement?.textContent).toBe('Sessions');
    press('ArrowRight');
    expect(document.activeElement?.textContent).toBe('General');
    press('ArrowLeft');
    expect(document.activeElement?.textContent).toBe('Sessions');
  });

  it('opens on Models with the add form when no model exists', async () => {
    const { root } = setup([]);
    await settle();
    expect(
      tabs(root).find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent,
    ).toBe('Models');
    expect(root.querySelector('form[aria-label="Add model"]')).not.toBeNull();
  });

  it('saves general settings and shows worker errors inline with the code', async () => {
    const { root, fake, onSettingsChanged } = setup(
      [modelView(), modelView({ id: 'm2', name: 'Second' })],
      'general',
    );
    await settle();
    change(byLabel(root, 'Active model'), 'm2');
    typeInto(byLabel(root, 'Custom system prompt'), 'Be brief.');
    typeInto(byLabel(root, 'History turn limit'), '2');
    click(button(root, 'Save'));
    expect(root.textContent).toContain('between 4 and 400');
    expect(byLabel(root, 'History turn limit').getAttribute('aria-invalid')).toBe('true');
    typeInto(byLabel(root, 'History turn limit'), '60');
    click(button(root, 'Save'));
    await settle();
    expect(fake.of('settings/save-general')[0]?.payload).toMatchObject({
      patch: { activeModelId: 'm2', customSystemPrompt: 'Be brief.', historyTurnLimit: 60 },
    });
    expect(root.textContent).toContain('Saved.');
    expect(onSettingsChanged).toHaveBeenCalledTimes(1);
    expect(root.textContent).toContain('The language and trust sections are always added.');
  });

  it('deletes a model after the in-panel confirmation; hostile model names stay text', async () => {
    const hostile = '<img src=x onerror=alert(1)>';
    const { root, fake } = setup([modelView({ name: hostile })], 'models');
    await settle();
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain(hostile);
    click(button(root, `Delete ${hostile}`));
    click(button(root.querySelector<HTMLElement>('[role="dialog"]')!, 'Delete model'));
    await settle();
    expect(fake.of('settings/delete-model')[0]?.payload).toEqual({ id: 'm1' });
    expect(root.textContent).toContain('No models yet.');
  });

  it('closes through onClose', async () => {
    const { root, onClose } = setup();
    await settle();
    click(button(root, 'Close settings'));
    expect(onClose).toHaveBeenCalled();
  });

  it('closes on Escape unless something inside already used the key', async () => {
    const { root, onClose } = setup();
    await settle();
    const tab = root.querySelector<HTMLElement>('[role="tab"]')!;
    const escape = () =>
      new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    const handled = escape();
    handled.preventDefault();
    act(() => void tab.dispatchEvent(handled));
    expect(onClose).not.toHaveBeenCalled();
    act(() => void tab.dispatchEvent(escape()));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('ModelPicker', () => {
  it('selects the active model through the worker and marks vision models', async () => {
    const { fake } = setup(
      [modelView(), modelView({ id: 'm2', name: 'Seer', supportsVision: true })],
      'general',
    );
    document.body.innerHTML = '';
    const root = mount(<ModelPicker client={fake.client} />);
    await settle();
    const select = root.querySelector<HTMLSelectElement>('[data-testid="model-picker"]')!;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Local model',
      'Seer (vision)',
    ]);
    change(select, 'm2');
    await settle();
    expect(fake.of('settings/save-general').at(-1)?.payload).toEqual({
      patch: { activeModelId: 'm2' },
    });
    expect(root.querySelector('.sa-badge')?.textContent).toBe('V');
  });
});
