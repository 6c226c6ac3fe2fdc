import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { MAX_MEMORY_IMPORT_CHARS } from '../../../shared/protocol/memory-messages';
import { createFakeApi } from '../../chat/__fixtures__/fake-panel-api';
import { MemoryTransfer } from './memory-transfer';

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

function mount(handlers: Parameters<typeof createFakeApi>[0]) {
  const fake = createFakeApi(handlers);
  const download = vi.fn();
  const onImported = vi.fn();
  const container = document.createElement('div');
  act(() =>
    render(
      <MemoryTransfer client={fake.api} onImported={onImported} download={download} />,
      container,
    ),
  );
  const status = () =>
    container.querySelector('[data-testid="memory-transfer-status"]')?.textContent;
  const choose = async (file: File) => {
    const input = container.querySelector<HTMLInputElement>('[data-testid="memory-import-file"]')!;
    Object.defineProperty(input, 'files', { value: [file], configurable: true });
    act(() => void input.dispatchEvent(new Event('change', { bubbles: true })));
    await settle();
  };
  return { fake, download, onImported, container, status, choose };
}

describe('MemoryTransfer', () => {
  it('downloads the export as a dated JSON file', async () => {
    const view = mount({
      'memory/export': () => ({ json: '{"format":"side-agent-memory"}', count: 2 }),
    });
    act(() =>
      view.container.querySelector<HTMLButtonElement>('[data-testid="memory-export"]')!.click(),
    );
    await settle();
    const [blob, name] = view.download.mock.calls[0] as [Blob, string];
    expect(name).toMatch(/^side-agent-memory-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await blob.text()).toBe('{"format":"side-agent-memory"}');
    expect(view.status()).toBe('Exported 2 memories.');
  });

  it('refuses a huge file before reading it and sends nothing', async () => {
    const view = mount({});
    const huge = new File(['x'], 'big.json');
    Object.defineProperty(huge, 'size', { value: MAX_MEMORY_IMPORT_CHARS + 1 });
    await view.choose(huge);
    expect(view.status()).toMatch(
      /^This file is .+; the memory import limit is .+\. Nothing was imported\.$/,
    );
    expect(view.fake.calls).toEqual([]);
  });

  it('says why a file was refused, and what was skipped from one that was read', async () => {
    let answer: () => unknown = () => {
      throw new ProtocolFailure(
        'MEMORY_IMPORT_INVALID',
        'That file is not a Side Agent memory export: it is not valid JSON.',
      );
    };
    const view = mount({ 'memory/import': () => answer() });
    await view.choose(new File(['nope'], 'bad.json'));
    expect(view.status()).toBe(
      'Import refused: That file is not a Side Agent memory export: it is not valid JSON.',
    );
    answer = () => ({
      imported: 1,
      skipped: 1,
      reasons: ['Record 2: the same text is already remembered.'],
    });
    await view.choose(new File(['{}'], 'ok.json'));
    expect(view.status()).toBe(
      'Imported 1 memories; skipped 1.Record 2: the same text is already remembered.',
    );
    expect(view.onImported).toHaveBeenCalledTimes(1);
  });
});
