import { describe, expect, it } from 'vitest';
import { PanelController } from '../app/panel-controller';
import { createFakeApi } from '../chat/__fixtures__/fake-panel-api';

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
