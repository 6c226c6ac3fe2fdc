import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { siteCatalog } from '../app/site-catalog';
import { DOCUMENT_SITE_PANEL } from '../chat/__fixtures__/site-panel';
import { act } from 'preact/test-utils';
import type { SessionMeta } from '../../shared/protocol/chat-records';
import { MAX_IMPORT_CHARS } from '../../shared/protocol/session-messages';
import { button, click, mount, settle, typeInto } from '../settings/__fixtures__/dom';
import { PROJECT, createFakeWorker, sessionMeta } from '../settings/__fixtures__/fake-worker';
import { SessionsManager } from './sessions-manager';

beforeEach(() => siteCatalog.set([{ id: 'typst', panel: DOCUMENT_SITE_PANEL }]));
afterEach(() => {
  document.body.innerHTML = '';
  siteCatalog.set([]);
});

const OTHER = { siteId: 'typst' as const, projectId: 'proj-2' };
const all: SessionMeta[] = [
  sessionMeta({ id: 'a', name: 'Intro draft', updatedAt: 1_700_000_000_000, turnCount: 4 }),
  sessionMeta({ id: 'b', name: 'Bibliography', updatedAt: 1_700_000_100_000, turnCount: 6 }),
  sessionMeta({ id: 'c', name: 'Slides', scope: OTHER, updatedAt: 1_700_000_200_000 }),
];

function setup(overrides: Parameters<typeof createFakeWorker>[0] = {}) {
  const fake = createFakeWorker({
    'session/search': ({ query }: { query: string }) =>
      all.filter((item) => item.name.toLowerCase().includes(query.toLowerCase())),
    'session/storage-usage': () => ({
      bytes: 9 * 1_048_576,
      warningBytes: 8 * 1_048_576,
      isOverWarning: true,
    }),
    'session/delete-scope': () => ({ deleted: 2 }),
    'session/export': () => ({
      json: '{"format":"typst-side-agent-sessions","version":2,"sessions":[]}',
      sessionCount: 3,
    }),
    'session/import': () => ({ imported: 2, rejected: 1, errors: ['record 3: name is too long'] }),
    ...overrides,
  });
  const download = vi.fn();
  const onChanged = vi.fn();
  const root = mount(
    <SessionsManager
      client={fake.client}
      download={download}
      onChanged={onChanged}
      searchDelayMs={0}
    />,
  );
  return { fake, root, download, onChanged };
}

const groups = (root: HTMLElement) => [...root.querySelectorAll('[data-testid="project-group"]')];

async function chooseFile(root: HTMLElement, file: File) {
  const input = root.querySelector<HTMLInputElement>('[data-testid="import-file"]')!;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle(5);
}

describe('SessionsManager', () => {
  it('groups chats by project with counts, last activity and an Open project link', async () => {
    const { root } = setup();
    await settle();
    const [first, second] = groups(root);
    expect(first?.querySelector('h3')?.textContent).toBe('Project proj-2');
    expect(second?.querySelector('h3')?.textContent).toBe('Project proj-1');
    expect(second?.textContent).toContain('2 chats · 10 turns');
    const link = second?.querySelector('a');
    expect(link?.getAttribute('href')).toBe('https://typst.app/project/proj-1');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('searches across projects', async () => {
    const { root, fake } = setup();
    await settle();
    typeInto(root.querySelector('[data-testid="session-search"]'), 'slid');
    await settle();
    expect(fake.of('session/search').at(-1)?.payload).toEqual({ query: 'slid' });
    expect(groups(root)).toHaveLength(1);
    expect(root.textContent).toContain('Slides');
    typeInto(root.querySelector('[data-testid="session-search"]'), 'nothing like this');
    await settle();
    expect(root.textContent).toContain('No chats match this search.');
  });

  it('shows storage usage with the warning', async () => {
    const { root } = setup();
    await settle();
    const usage = root.querySelector('[data-testid="storage-usage"]');
    expect(usage?.getAttribute('role')).toBe('alert');
    expect(usage?.textContent).toContain('Chats use 9.0 MB (warning at 8.0 MB).');
  });

  it("deletes a project's chats after an in-panel confirmation", async () => {
    const { root, fake, onChanged } = setup();
    await settle();
    click(button(root, 'Delete chats of Project proj-1'));
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.textContent).toContain('2 chats of Project proj-1 will be deleted.');
    click(button(dialog, 'Delete chats'));
    await settle();
    expect(fake.of('session/delete-scope')[0]?.payload).toEqual({ scope: PROJECT });
    expect(onChanged).toHaveBeenCalled();
  });

  it('exports a timestamped JSON Blob', async () => {
    const { root, download } = setup();
    await settle();
    click(button(root, 'Export chats'));
    await settle();
    const [blob, name] = download.mock.calls[0] as [Blob, string];
    expect(name).toMatch(/^side-agent-chats-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.json$/);
    expect(blob.type).toBe('application/json');
    expect(JSON.parse(await blob.text())).toMatchObject({
      format: 'typst-side-agent-sessions',
      version: 2,
    });
    expect(root.querySelector('[data-testid="transfer-status"]')?.textContent).toBe(
      'Exported 3 chats.',
    );
  });

  it('says "Nothing to export" when there are no chats', async () => {
    const { root, download } = setup({ 'session/export': () => ({ json: '[]', sessionCount: 0 }) });
    await settle();
    click(button(root, 'Export chats'));
    await settle();
    expect(download).not.toHaveBeenCalled();
    expect(root.querySelector('[data-testid="transfer-status"]')?.textContent).toBe(
      'Nothing to export.',
    );
  });

  it('imports a file and reports imported and rejected counts with errors', async () => {
    const { root, fake, onChanged } = setup();
    await settle();
    await chooseFile(
      root,
      new File(['{"version":2,"sessions":[]}'], 'chats.json', { type: 'application/json' }),
    );
    expect(fake.of('session/import')[0]?.payload).toEqual({ json: '{"version":2,"sessions":[]}' });
    const report = root.querySelector('[data-testid="import-report"]');
    expect(report?.textContent).toContain('Imported 2 chats; rejected 1.');
    expect(report?.textContent).toContain('record 3: name is too long');
    expect(onChanged).toHaveBeenCalled();
  });

  it('refuses an oversized file before reading it', async () => {
    const { root, fake } = setup();
    await settle();
    const huge = new File(['x'], 'huge.json');
    Object.defineProperty(huge, 'size', { value: MAX_IMPORT_CHARS + 1 });
    const text = vi.spyOn(huge, 'text');
    await chooseFile(root, huge);
    expect(text).not.toHaveBeenCalled();
    expect(fake.of('session/import')).toHaveLength(0);
    expect(root.querySelector('[data-testid="transfer-status"]')?.textContent).toContain(
      'the import limit is 16.0 MB',
    );
  });

  it('renders hostile names, previews and project ids as text', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const { root } = setup({
      'session/search': () => [
        sessionMeta({
          id: 'h',
          name: hostile,
          preview: `<script>window.__pwned=1</script>`,
          scope: { siteId: 'typst', projectId: '"><svg onload=alert(1)>' },
        }),
      ],
    });
    await settle();
    // The only SVG is the panel's own icons (lucide, aria-hidden), none from the data.
    expect(root.querySelector('img, script, svg:not(.lucide)')).toBeNull();
    for (const icon of root.querySelectorAll('svg'))
      expect(icon.getAttribute('aria-hidden')).toBe('true');
    expect(root.textContent).toContain(hostile);
    expect(root.querySelector('a')?.getAttribute('href')).toBe(
      'https://typst.app/project/%22%3E%3Csvg%20onload%3Dalert(1)%3E',
    );
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });
});
