import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { MemoryRecord } from '../../../shared/protocol/memory-messages';
import { createFakeApi } from '../../chat/__fixtures__/fake-panel-api';
import { MemoryTab } from './memory-tab';

const record = (id: string, text: string): MemoryRecord => ({
  id,
  text,
  kind: 'preference',
  scope: 'global',
  confidence: 1,
  source: 'explicit',
  createdAt: 1,
  updatedAt: 1,
  lastUsedAt: null,
  archivedAt: null,
});

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

async function mount() {
  let records = [record('m1', 'I prefer metric units'), record('m2', '<b>bold</b> answers')];
  const fake = createFakeApi({
    'memory/list': () => ({
      records,
      settings: { enabled: true, autoLearn: false, maxChars: 2000 },
    }),
    'memory/delete': (payload: { id: string }) => {
      records = records.filter((item) => item.id !== payload.id);
      return { deleted: true };
    },
    'memory/clear': () => {
      const deleted = records.length;
      records = [];
      return { deleted };
    },
    'memory/update': (payload: { id: string; text: string }) => {
      if (payload.text.includes('password'))
        throw new ProtocolFailure(
          'MEMORY_TEXT_REFUSED',
          'That looks like it contains a password or PIN, so it was not remembered.',
        );
      records = records.map((item) =>
        item.id === payload.id ? { ...item, text: payload.text } : item,
      );
      return { record: records[0] };
    },
    'memory/save-settings': (payload: unknown) => payload,
  });
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(<MemoryTab client={fake.api} />, container));
  await settle();
  const texts = () =>
    [...container.querySelectorAll('[data-testid="memory-text"]')].map((node) => node.textContent);
  const button = (label: string) =>
    container.querySelector<HTMLButtonElement>(`[aria-label="${label}"]`)!;
  return { container, fake, texts, button };
}

describe('MemoryTab', () => {
  it('lists records as plain text and deletes one', async () => {
    const view = await mount();
    expect(view.texts()).toEqual(['I prefer metric units', '<b>bold</b> answers']);
    expect(view.container.querySelector('b')).toBeNull();
    act(() => view.button('Delete memory m2').click());
    await settle();
    expect(view.texts()).toEqual(['I prefer metric units']);
  });

  it('edits a record and shows a refusal in place', async () => {
    const view = await mount();
    act(() => view.button('Edit memory m1').click());
    const input = view.container.querySelector<HTMLInputElement>(
      '[data-testid="memory-edit-input"]',
    )!;
    act(() => {
      input.value = 'my password: x';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() =>
      view.container.querySelector<HTMLButtonElement>('[data-testid="memory-edit-save"]')!.click(),
    );
    await settle();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toMatch(/password or PIN/);
    act(() => {
      input.value = 'I prefer imperial units';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() =>
      view.container.querySelector<HTMLButtonElement>('[data-testid="memory-edit-save"]')!.click(),
    );
    await settle();
    expect(view.texts()[0]).toBe('I prefer imperial units');
  });

  it('clears everything only after the confirmation', async () => {
    const view = await mount();
    act(() =>
      view.container.querySelector<HTMLButtonElement>('[data-testid="memory-clear"]')!.click(),
    );
    expect(view.fake.types()).not.toContain('memory/clear');
    const confirm = [...view.container.querySelectorAll('button')].find(
      (node) => node.textContent === 'Clear memory',
    )!;
    act(() => confirm.click());
    await settle();
    expect(view.fake.types()).toContain('memory/clear');
    expect(view.container.querySelector('[data-testid="memory-empty"]')).not.toBeNull();
    expect(view.container.querySelector('[data-testid="memory-message"]')?.textContent).toBe(
      'Deleted 2 memories.',
    );
  });
});
