// Settings → Tools and MCP share one form layout: every control has a label bound to
// it (so the label sits above the right input and a click on it focuses it), and
// the actions sit in one spaced row.
import { afterEach, describe, expect, it } from 'vitest';
import { mount, settle } from '../__fixtures__/dom';
import { McpTab } from './mcp-tab';
import { ToolsTab, type IntegrationsClient } from './tools-tab';

afterEach(() => {
  document.body.innerHTML = '';
});

const accessibleName = (control: Element) =>
  control.getAttribute('aria-label') ??
  [...((control as HTMLInputElement).labels ?? [])].map((label) => label.textContent).join(' ');

function expectEveryControlLabelled(root: HTMLElement) {
  const controls = [...root.querySelectorAll('form input, form select, form textarea')];
  expect(controls.length).toBeGreaterThanOrEqual(5);
  for (const control of controls)
    expect(accessibleName(control).trim(), control.outerHTML).not.toBe('');
}

const requestPermission = async () => true;

/** A client whose lists are empty; these tests only render the forms. */
const emptyLists = {
  request: async (method: string) => ({
    ok: true,
    data: method === 'custom-tools/list' ? { tools: [] } : { servers: [] },
  }),
} as unknown as IntegrationsClient;

describe('Settings integration tabs', () => {
  it('binds every Tools form control to its label and rows the actions', async () => {
    const root = mount(<ToolsTab client={emptyLists} requestPermission={requestPermission} />);
    await settle();
    expectEveryControlLabelled(root);
    const endpoint = root.querySelector<HTMLInputElement>('input[name="tool-endpoint"]')!;
    expect(endpoint.labels?.[0]?.textContent).toBe('Endpoint');
    expect(endpoint.labels?.[0]?.contains(endpoint)).toBe(false);
    const trusted = root.querySelector<HTMLInputElement>('input[name="tool-trusted"]')!;
    expect(trusted.labels?.[0]?.textContent).toContain('Trust this exact tool');
    const actions = root.querySelector('.sa-tool-form .sa-actions');
    expect([...(actions?.querySelectorAll('button') ?? [])].map((b) => b.textContent)).toEqual([
      'Save tool',
      'New tool',
    ]);
  });

  it('binds every MCP form control, including protocol and longest call, to its label', async () => {
    const root = mount(<McpTab client={emptyLists} requestPermission={requestPermission} />);
    await settle();
    expectEveryControlLabelled(root);
    const protocol = root.querySelector<HTMLSelectElement>('select[name="mcp-protocol"]')!;
    expect(protocol.labels?.[0]?.textContent).toBe('Protocol');
    const limit = root.querySelector<HTMLInputElement>('input[name="mcp-call-limit"]')!;
    expect(limit.labels?.[0]?.textContent).toMatch(/^Longest call/);
    const actions = root.querySelector('.sa-mcp-form .sa-actions');
    expect(actions?.querySelectorAll('button').length).toBe(3);
  });
});
