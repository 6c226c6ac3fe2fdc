import { describe, expect, it, vi } from 'vitest';
import type { QuickActionFacts } from '../../shared/protocol/quick-actions';
import type { ContextClient } from '../app/panel-api';
import { AttachmentsController } from './attachments-controller';
import { QuickActionRunner } from './quick-action-runner';

const FACTS: QuickActionFacts = {
  text: 'A line.',
  fileLabel: 'main.typ',
  fromLine: 2,
  toLine: 2,
  totalChars: 7,
  diagnostics: [],
};

function setup(options: { facts?: QuickActionFacts | null; busy?: boolean } = {}) {
  const request = vi.fn(async () => ({
    ok: true as const,
    data: options.facts === undefined ? FACTS : options.facts,
  }));
  const client = { request } as unknown as ContextClient;
  const attachments = new AttachmentsController(client);
  const sent: { text: string; attached: unknown[] }[] = [];
  const runner = new QuickActionRunner({
    client,
    attachments,
    settings: async () => ({ quickActionLanguage: 'English', quickActions: [] }),
    busy: () => options.busy === true,
    send: async (text) => {
      sent.push({ text, attached: attachments.items.peek().map((item) => ({ ...item, id: 'x' })) });
      attachments.clear();
      return 'started';
    },
  });
  return { runner, attachments, sent, request };
}

describe('QuickActionRunner', () => {
  it('sends the action with only the selection attached, and keeps the composer\u2019s own attachments', async () => {
    const { runner, attachments, sent, request } = setup();
    const own = { id: 'mine', tabId: 3, kind: 'selection' as const, text: 'kept', fileLabel: null };
    attachments.items.value = [own];
    await runner.run('improve', 3);
    expect(request).toHaveBeenCalledWith('context/read-quick-action', { tabId: 3 });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toMatch(/^Quick action “Improve wording” on line 2\./);
    expect(sent[0]?.attached).toEqual([
      { id: 'x', tabId: 3, kind: 'selection', text: 'A line.', fileLabel: 'main.typ' },
    ]);
    expect(attachments.items.peek()).toEqual([own]);
  });

  it('says so and sends nothing without a selection or while an answer is coming', async () => {
    const empty = setup({ facts: null });
    await empty.runner.run('fix', 3);
    expect(empty.sent).toEqual([]);
    expect(empty.runner.status.peek()).toBe('Select some text in the editor first.');
    const busy = setup({ busy: true });
    await busy.runner.run('fix', 3);
    expect(busy.sent).toEqual([]);
    expect(busy.request).not.toHaveBeenCalled();
    expect(busy.runner.status.peek()).toMatch(/still coming/);
  });
});
