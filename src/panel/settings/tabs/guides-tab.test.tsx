// Settings → Site guides: lists what the worker ships, turns all guides or single
// ones off and saves exactly that; a list that cannot load says so in plain words.
import { afterEach, describe, expect, it } from 'vitest';
import type { GeneralSettings, SiteGuideView } from '../../../shared/protocol/settings-messages';
import { button, change, click, mount, settle } from '../__fixtures__/dom';
import { WorkerError, createFakeWorker, settingsView } from '../__fixtures__/fake-worker';
import { SettingsController } from '../settings-controller';
import { GuidesTab } from './guides-tab';

afterEach(() => {
  document.body.innerHTML = '';
});

const GUIDES: SiteGuideView[] = [
  { id: 'code', name: 'Code host', category: 'general', hosts: ['code.example'] },
  { id: 'bank', name: 'A bank', category: 'finance', hosts: ['bank.example', 'www.bank.example'] },
];

function setup(options: { failList?: boolean; general?: Partial<GeneralSettings> } = {}) {
  let view = settingsView();
  view = { ...view, general: { ...view.general, ...options.general } };
  const saved: Partial<GeneralSettings>[] = [];
  const fake = createFakeWorker({
    'settings/get': () => view,
    'settings/site-guides': () => {
      if (options.failList) throw new WorkerError('HANDLER_FAILED', 'broken');
      return { guides: GUIDES };
    },
    'settings/save-general': ({ patch }: { patch: Partial<GeneralSettings> }) => {
      saved.push(patch);
      view = { ...view, general: { ...view.general, ...patch } };
      return view;
    },
  });
  const controller = new SettingsController(fake.client);
  const root = mount(
    <GuidesTab client={fake.client} controller={controller} general={view.general} />,
  );
  const row = (id: string) => root.querySelector<HTMLElement>(`[data-guide="${id}"]`);
  const rowBox = (id: string) => row(id)?.querySelector<HTMLInputElement>('input') ?? null;
  const master = () => root.querySelector<HTMLInputElement>('[data-testid="guides-enabled"]');
  return { root, saved, row, rowBox, master };
}

describe('GuidesTab', () => {
  it('lists every guide by name with its hosts, marks money sites, and starts with all on', async () => {
    const { root, row, rowBox, master } = setup();
    await settle();
    const order = [...root.querySelectorAll('[data-guide]')].map((item) =>
      item.getAttribute('data-guide'),
    );
    expect(order).toEqual(['bank', 'code']);
    expect(master()?.checked).toBe(true);
    expect(root.querySelector('legend')?.textContent).toBe('Guides (2)');
    expect(row('code')?.textContent).toContain('code.example');
    expect(row('bank')?.querySelector('.sa-badge')?.textContent).toBe('Money');
    expect(row('code')?.querySelector('.sa-badge')).toBeNull();
    expect(rowBox('code')?.checked).toBe(true);
    expect(rowBox('bank')?.checked).toBe(true);
  });

  it('saves one guide turned off', async () => {
    const { root, saved, rowBox } = setup();
    await settle();
    change(rowBox('bank'));
    click(button(root, 'Save'));
    await settle();
    expect(saved).toEqual([{ siteGuidesEnabled: true, siteGuidesOff: ['bank'] }]);
    expect(root.textContent).toContain('Saved.');
  });

  it('turns all guides off, disabling the list, and on again keeping single choices', async () => {
    const { root, saved, master } = setup({ general: { siteGuidesOff: ['code'] } });
    await settle();
    change(master());
    expect(root.querySelector('fieldset')?.disabled).toBe(true);
    click(button(root, 'Save'));
    await settle();
    change(master());
    click(button(root, 'Save'));
    await settle();
    expect(saved).toEqual([
      { siteGuidesEnabled: false, siteGuidesOff: ['code'] },
      { siteGuidesEnabled: true, siteGuidesOff: ['code'] },
    ]);
  });

  it('says so in plain words when the list cannot load', async () => {
    const { root } = setup({ failList: true });
    await settle();
    const status = root.querySelector('[role="status"]');
    expect(status?.textContent).not.toBe('Loading the guides\u2026');
    expect(status?.textContent).not.toContain('HANDLER_FAILED');
  });
});
