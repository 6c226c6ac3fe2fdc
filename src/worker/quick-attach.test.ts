import { describe, expect, it, vi } from 'vitest';
import { createEventRouter } from '../shared/protocol/router';
import { pageToWorker } from '../shared/protocol/page-to-worker';
import { createPageHandlers } from './handlers/page-to-worker.handlers';
import {
  createQuickAttach,
  QuickAttachQueue,
  type QuickAttachEntry,
  type QuickAttachPlatform,
} from './quick-attach';

const entry = (eventId: string, windowId = 1, tabId = 7): QuickAttachEntry => ({
  tabId,
  windowId,
  kind: 'selection',
  eventId,
});

describe('QuickAttachQueue', () => {
  it('keeps at most 32 entries, dropping the oldest', () => {
    const queue = new QuickAttachQueue(() => 0);
    for (let index = 0; index < 40; index += 1) queue.push(entry(`event-${index}`));
    expect(queue.size).toBe(32);
    expect(queue.peek()[0]?.eventId).toBe('event-8');
  });

  it('forgets entries after 30 s', () => {
    let now = 0;
    const queue = new QuickAttachQueue(() => now);
    queue.push(entry('old'));
    now = 20_000;
    queue.push(entry('new'));
    now = 30_001;
    expect(queue.peek().map((item) => item.eventId)).toEqual(['new']);
  });

  it('drains per window and queues one click once', () => {
    const queue = new QuickAttachQueue(() => 0);
    queue.push(entry('a', 1));
    queue.push(entry('a', 1));
    queue.push(entry('b', 2));
    expect(queue.drain(1).map((item) => item.eventId)).toEqual(['a']);
    expect(queue.drain(1)).toEqual([]);
    expect(queue.peek().map((item) => item.eventId)).toEqual(['b']);
  });
});

function platform(overrides: Partial<QuickAttachPlatform> = {}) {
  const calls: string[] = [];
  const value: QuickAttachPlatform = {
    openPanel: vi.fn(() => void calls.push('open')),
    windowOf: vi.fn(async () => {
      calls.push('windowOf');
      return 3;
    }),
    broadcast: vi.fn(),
    hasPanelIn: vi.fn(() => false),
    ...overrides,
  };
  return { value, calls };
}

describe('quick-attach service', () => {
  it('opens the panel synchronously (user gesture), then broadcasts with the tab window and queues for a panel to come', async () => {
    const { value, calls } = platform();
    const service = createQuickAttach(value, new QuickAttachQueue(() => 0));
    const done = service.clicked(7, 'image', 'event-1');
    expect(calls).toEqual(['open', 'windowOf']);
    await done;
    expect(value.openPanel).toHaveBeenCalledWith(7);
    expect(value.broadcast).toHaveBeenCalledWith({
      tabId: 7,
      windowId: 3,
      kind: 'image',
      eventId: 'event-1',
    });
    const delivered: QuickAttachEntry[] = [];
    service.panelConnected(4, (item) => delivered.push(item));
    expect(delivered).toEqual([]);
    service.panelConnected(3, (item) => delivered.push(item));
    expect(delivered.map((item) => item.eventId)).toEqual(['event-1']);
    expect(service.queue.size).toBe(0);
  });

  it('does not queue when a panel of that window is already connected', async () => {
    const { value } = platform({ hasPanelIn: () => true });
    const service = createQuickAttach(value);
    await service.clicked(7, 'selection', 'event-2');
    expect(value.broadcast).toHaveBeenCalledTimes(1);
    expect(service.queue.size).toBe(0);
  });

  it('drops a click whose tab is gone', async () => {
    const { value } = platform({ windowOf: async () => null });
    const service = createQuickAttach(value);
    await service.clicked(7, 'selection', 'event-3');
    expect(value.broadcast).not.toHaveBeenCalled();
    expect(service.queue.size).toBe(0);
  });

  it('hands everything live to a panel of unknown window and keeps it for others', async () => {
    const { value } = platform();
    const service = createQuickAttach(value);
    await service.clicked(7, 'selection', 'event-4');
    const delivered: QuickAttachEntry[] = [];
    service.panelConnected(null, (item) => delivered.push(item));
    expect(delivered).toHaveLength(1);
    expect(service.queue.size).toBe(1);
  });
});

describe('page/quick-attach event validation', () => {
  const setup = () => {
    const quickAttach = vi.fn(async () => undefined);
    const router = createEventRouter(
      pageToWorker,
      createPageHandlers({ quickAttach: { clicked: quickAttach } }),
    );
    return { quickAttach, router };
  };
  const event = (payload: unknown) => ({ type: 'page/quick-attach', payload });

  it('accepts a kind and an event id from the content script of a tab, and calls the handler in the same task', () => {
    const { quickAttach, router } = setup();
    void router.handle(event({ kind: 'selection', eventId: 'abc-123' }), {
      sender: 'content-script',
      tabId: 5,
    });
    expect(quickAttach).toHaveBeenCalledWith(5, 'selection', 'abc-123', undefined);
  });

  it('refuses page data, unknown kinds, oversized ids and other senders', async () => {
    const { quickAttach, router } = setup();
    const refused = [
      [
        event({ kind: 'selection', eventId: 'a', text: 'page text' }),
        'content-script',
        'UNKNOWN_PAYLOAD_FIELD',
      ],
      [event({ kind: 'document', eventId: 'a' }), 'content-script', 'INVALID_PAYLOAD_FIELD'],
      [event({ kind: 'image', eventId: 'x'.repeat(65) }), 'content-script', undefined],
      [event({ kind: 'image', eventId: 'has space' }), 'content-script', 'INVALID_PAYLOAD_FIELD'],
      [event({ kind: 'image' }), 'content-script', 'MISSING_PAYLOAD_FIELD'],
      [event({ kind: 'image', eventId: 'a' }), 'extension-page', 'SENDER_NOT_ALLOWED'],
    ] as const;
    for (const [message, sender, code] of refused) {
      const result = await router.handle(message, { sender, tabId: 5 });
      expect(result.ok).toBe(false);
      if (!result.ok && code) expect(result.error.code).toBe(code);
    }
    expect(quickAttach).not.toHaveBeenCalled();
  });
});
