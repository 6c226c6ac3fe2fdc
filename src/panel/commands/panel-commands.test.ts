import { signal } from '@preact/signals';
import { describe, expect, it } from 'vitest';
import { PanelController } from '../app/panel-controller';
import { createFakeApi } from '../chat/__fixtures__/fake-panel-api';
import { commandContextOf, originOf } from './panel-command-context';

describe('PanelController.submit with a slash command', () => {
  it('runs the command in the panel and sends nothing to the model', async () => {
    const fake = createFakeApi({
      'memory/remember': (payload: { text: string }) => ({
        record: {
          id: 'm1',
          text: payload.text,
          kind: 'preference',
          scope: 'global',
          confidence: 1,
          source: 'explicit',
          createdAt: 1,
          updatedAt: 1,
          lastUsedAt: null,
          archivedAt: null,
        },
        stored: true,
      }),
    });
    const panel = new PanelController(fake.api);
    panel.draft.value = '/remember I like tea';
    await panel.submit('/remember I like tea');
    expect(fake.types()).toEqual(['memory/remember']);
    expect(panel.draft.value).toBe('');
    expect(panel.commandOutput.value?.text).toBe(
      'Remembered for every chat: \u201cI like tea\u201d (id m1).',
    );
    await panel.submit('/nope');
    expect(fake.types()).toEqual(['memory/remember']);
    expect(panel.commandOutput.value).toEqual({
      tone: 'error',
      text: '/nope is not a command. Nothing was sent. Type / to see the commands.',
    });
  });
});

describe('originOf', () => {
  it('is the http(s) origin of a page, else null', () => {
    expect(originOf('https://shop.example:8443/cart?id=1')).toBe('https://shop.example:8443');
    expect(originOf('http://127.0.0.1/x')).toBe('http://127.0.0.1');
    expect(originOf('chrome://extensions')).toBeNull();
    expect(originOf('not a url')).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });
});

describe('commandContextOf', () => {
  it('offers no mode control on a site without modes, and /clear empties attachments first', async () => {
    const order: string[] = [];
    const context = commandContextOf({
      api: createFakeApi({}).api,
      site: signal(null),
      hasAgentModes: signal(false),
      agentMode: signal('ask'),
      isDevAvailable: signal(true),
      session: { meta: signal(null), setMode: async () => undefined },
      attachments: { clear: () => order.push('attachments') },
      newChat: async () => void order.push('new chat'),
    });
    expect(context.agentMode?.()).toBeNull();
    expect(context.siteOrigin()).toBeNull();
    await context.clear();
    expect(order).toEqual(['attachments', 'new chat']);
  });
});
