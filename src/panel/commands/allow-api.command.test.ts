import { describe, expect, it } from 'vitest';
import type { ApiWrites } from '../../shared/protocol/chat-records';
import { allowApiCommand } from './allow-api.command';
import { apiWritesText, originOfTyped } from './api-writes-words';
import type { CommandContext } from './slash-command';

function contextWith(current: ApiWrites | undefined, hasChat = true) {
  const saved: (ApiWrites | null)[] = [];
  const state = { current };
  const context = {
    apiWrites: () =>
      hasChat
        ? {
            current: state.current,
            save: async (next: ApiWrites | null) => {
              saved.push(next);
              state.current = next ?? undefined;
              return null;
            },
          }
        : null,
  } as unknown as CommandContext;
  return { context, saved };
}

describe('/allow-api', () => {
  it('allows any site without an argument, and says each write still asks', async () => {
    const { context, saved } = contextWith(undefined);
    const output = await allowApiCommand.run('', context);
    expect(saved).toEqual([{ origins: [] }]);
    expect(output.tone).toBe('info');
    expect(output.text).toContain('Network writes allowed in this chat: any site');
    expect(output.text).toContain('still asks');
  });

  it('names sites, adds to those already named, and /allow-api off takes it back', async () => {
    const { context, saved } = contextWith({ origins: ['https://a.example'] });
    const output = await allowApiCommand.run('api.example.com', context);
    expect(saved).toEqual([{ origins: ['https://a.example', 'https://api.example.com'] }]);
    expect(output.text).toContain('a.example, api.example.com');
    expect((await allowApiCommand.run('OFF', context)).text).toContain('no longer allowed');
    expect(saved[1]).toBeNull();
  });

  it('refuses what is not a site, and a panel with no chat', async () => {
    const { context, saved } = contextWith(undefined);
    expect(await allowApiCommand.run('javascript:alert(1)', context)).toMatchObject({
      tone: 'error',
    });
    expect(await allowApiCommand.run('printer', context)).toMatchObject({ tone: 'error' });
    expect(saved).toEqual([]);
    const none = contextWith(undefined, false);
    expect((await allowApiCommand.run('', none.context)).tone).toBe('error');
  });

  it('reads typed sites as origins and words the leave', () => {
    expect(originOfTyped('https://api.example.com/v1')).toBe('https://api.example.com');
    expect(originOfTyped('user:pw@api.example.com')).toBeNull();
    expect(apiWritesText({ origins: ['https://api.example.com:8443'] })).toBe(
      'Network writes allowed in this chat: api.example.com:8443',
    );
  });
});
