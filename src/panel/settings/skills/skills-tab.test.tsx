import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { SkillView } from '../../../shared/protocol/skill-messages';
import { createFakeApi } from '../../chat/__fixtures__/fake-panel-api';
import { SkillsTab } from './skills-tab';

const view = (overrides: Partial<SkillView> = {}): SkillView => ({
  id: 's1',
  name: 'Reports',
  enabled: false,
  isDefault: false,
  text: '# Reports\n\nUse the export.',
  instructionChars: 16,
  tools: [
    {
      name: 'export_report',
      kind: 'httpDownloadJob',
      method: 'POST',
      endpoint: 'https://reports.example/jobs',
      description: 'Export.',
      modes: ['act', 'dev'],
      tiers: ['mid', 'full'],
    },
  ],
  trust: 'none',
  problem: null,
  updatedAt: 1,
  ...overrides,
});

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

async function mount() {
  let skills: SkillView[] = [view()];
  const fake = createFakeApi({
    'skills/list': () => ({ skills }),
    'skills/trust': (payload: { id: string; trusted: boolean }) => {
      skills = skills.map((skill) => ({ ...skill, trust: payload.trusted ? 'trusted' : 'none' }));
      return { skills };
    },
    'skills/set-enabled': (payload: { enabled: boolean }) => {
      skills = skills.map((skill) => ({ ...skill, enabled: payload.enabled }));
      return { skills };
    },
    'skills/import': (payload: { text: string }) => {
      if (payload.text.includes('<script'))
        throw new ProtocolFailure(
          'SKILL_SCRIPT_REFUSED',
          'The skill contains script markup. Skills are instructions and declared HTTP tools only.',
        );
      skills = [...skills, view({ id: 's2', name: 'Tone', tools: [], trust: 'no-tools' })];
      return { skills, importedId: 's2' };
    },
  });
  const container = document.createElement('div');
  document.body.append(container);
  let asked = 0;
  const hosts: string[][] = [];
  act(() =>
    render(
      <SkillsTab
        client={fake.api}
        requestDownloads={async () => (asked += 1) > 0}
        requestHosts={async (patterns) => {
          hosts.push([...patterns]);
          return false;
        }}
      />,
      container,
    ),
  );
  await settle();
  const find = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  return { container, fake, find, asked: () => asked, hosts };
}

describe('Settings → Skills', () => {
  it('lists a skill with its tool, modes and the trust prompt naming where data goes', async () => {
    const { find } = await mount();
    expect(find('skill-name')!.textContent).toBe('Reports');
    expect(find('skill-tool')!.textContent).toBe(
      'export_report: download job https://reports.example/jobs · Act, Dev',
    );
    expect(find('skill-trust')!.textContent).toContain('Each call of its tools asks you first');
    expect(find('skill-trust')!.textContent).toContain('https://reports.example');
  });

  it('trusts the tools and turns the skill on, asking for its hosts from the click', async () => {
    const { find, fake, hosts } = await mount();
    act(() => find('skill-trust-button')!.click());
    await settle();
    expect(find('skill-trust')!.textContent).toContain('Trusted');
    act(() => find('skill-enabled')!.click());
    await settle();
    expect(fake.types()).toContain('skills/set-enabled');
    expect((find('skill-enabled') as HTMLInputElement).checked).toBe(true);
    expect(hosts).toEqual([['https://reports.example/*']]);
    expect(find('skills-message')!.textContent).toContain('no access to https://reports.example/*');
  });

  it('shows a refused paste plainly and keeps the text; a good one is listed', async () => {
    const { find, container } = await mount();
    const paste = find('skill-paste') as HTMLTextAreaElement;
    act(() => {
      paste.value = '# Bad\n<script>x</script>';
      paste.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => find('skill-paste-import')!.click());
    await settle();
    expect(find('skill-import-status')!.textContent).toContain('Import refused');
    expect((find('skill-paste') as HTMLTextAreaElement).value).toContain('<script>');
    act(() => {
      paste.value = '# Tone\n\nWrite plainly.';
      paste.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => find('skill-paste-import')!.click());
    await settle();
    expect(find('skill-import-status')!.textContent).toContain('Imported "Tone"');
    expect(container.querySelectorAll('[data-testid="skill-row"]')).toHaveLength(2);
  });

  it('asks for the downloads permission from a click when a skill has a download job', async () => {
    const { find, asked } = await mount();
    act(() => find('skills-allow-downloads')!.click());
    await settle();
    expect(asked()).toBe(1);
    expect(find('skills-message')!.textContent).toContain('may save files');
  });
});
