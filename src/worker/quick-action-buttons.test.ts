import { describe, expect, it, vi } from 'vitest';
import type { PageRequests } from './page-requests';
import { sendQuickActionButtons } from './quick-action-buttons';

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
