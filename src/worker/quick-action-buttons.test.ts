import { describe, expect, it, vi } from 'vitest';
import type { PageRequests } from './page-requests';
import { sendQuickActionButtons, watchQuickActionButtons } from './quick-action-buttons';

describe('sendQuickActionButtons', () => {
  it('sends the built-in buttons and the person\u2019s by name, never a template', async () => {
    const request = vi.fn(async () => ({ ok: true as const, data: { shown: true } }));
    const pages = { request } as unknown as PageRequests;
    const template = 'Secret wording {{selection}}';
    await sendQuickActionButtons(
      pages,
      async () => ({ quickActions: [{ id: 'c1', name: 'Tighten', template }] }),
      9,
    );
    expect(request).toHaveBeenCalledTimes(1);
    const [tabId, method, payload] = request.mock.calls[0] as unknown as [number, string, unknown];
    expect([tabId, method]).toEqual([9, 'page/quick-actions']);
    expect(payload).toEqual({
      actions: [
        { ref: 'improve', name: 'Improve wording' },
        { ref: 'fix', name: 'Fix' },
        { ref: 'explain', name: 'Explain' },
        { ref: 'translate', name: 'Translate' },
        { ref: 'custom:c1', name: 'Tighten' },
      ],
    });
    expect(JSON.stringify(payload)).not.toContain('Secret wording');
  });
});

describe('watchQuickActionButtons', () => {
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('tells every open tab when the person\u2019s actions change, and nobody when other settings do', async () => {
    let actions = [{ id: 'c1', name: 'Tighten', template: 'T {{selection}}' }];
    const request = vi.fn(async (tabId: number) =>
      tabId === 2
        ? { ok: false as const, error: { code: 'PAGE_UNAVAILABLE', message: 'no layer' } }
        : { ok: true as const, data: { shown: true } },
    );
    const pages = { request } as unknown as PageRequests;
    let changed: () => void = () => undefined;
    watchQuickActionButtons(
      { onGeneralChanged: (listener) => (changed = listener), tabIds: async () => [1, 2, 3] },
      pages,
      async () => ({ quickActions: actions }),
    );
    await settle();
    changed(); // e.g. the theme changed: the actions did not
    await settle();
    expect(request).not.toHaveBeenCalled();

    actions = [...actions, { id: 'c2', name: 'Shorten', template: 'S {{selection}}' }];
    changed();
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(3));
    expect(request.mock.calls.map((call) => call[0]).sort()).toEqual([1, 2, 3]);
    const payload = (
      request.mock.calls[0] as unknown as [number, string, { actions: unknown[] }]
    )[2];
    expect(payload.actions).toContainEqual({ ref: 'custom:c2', name: 'Shorten' });
  });
});
