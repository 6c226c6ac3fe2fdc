import { signal } from '@preact/signals';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { expect, it } from 'vitest';
import type { AssistantTurn, ChatTurn } from '../../shared/protocol/chat-records';
import type { Envelope } from '../../shared/protocol/envelope';
import { RecoveryActions } from './recovery-actions';
import { RecoveryProvider } from './recovery-provider';

const flush = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 0))));

it('asks in the panel before reverting and shows partial progress from the worker', async () => {
  const sent: Envelope[] = [];
  const transport = {
    async send(envelope: Envelope) {
      sent.push(envelope);
      if (envelope.type === 'recovery/list-checkpoints') {
        return {
          ok: true,
          data: {
            checkpoints: [
              {
                checkpointId: 'cp1',
                runId: 'r1',
                status: 'applied',
                fileLabel: 'main.typ',
                createdAt: 1,
                writeCount: 1,
              },
              {
                checkpointId: 'cp2',
                runId: 'r2',
                status: 'applied',
                fileLabel: 'main.typ',
                createdAt: 2,
                writeCount: 1,
              },
            ],
          },
        };
      }
      return {
        ok: false,
        error: {
          code: 'EDIT_REVERT_CONFLICT',
          message:
            '1 newer response was reverted, then the document was changed after that response edited it, so it was not overwritten.',
          details: { revertedCount: 1, totalCount: 2 },
        },
      };
    },
  };
  const turn: AssistantTurn = {
    id: 'a1',
    role: 'assistant',
    createdAt: 1,
    runId: 'r1',
    status: 'complete',
    segments: [],
  };
  const chat = {
    sessionId: 's1',
    scope: signal({ siteId: 'typst' as const, projectId: 'p1' }),
    turns: signal<readonly ChatTurn[]>([turn]),
    reload: async () => true,
  };
  const site = signal({
    tabId: 3,
    windowId: 1,
    url: 'https://typst.app/project/p1',
    siteId: 'typst',
    scope: { siteId: 'typst', projectId: 'p1' },
  });
  const container = document.createElement('div');
  act(() =>
    render(
      <RecoveryProvider site={site} chat={chat} running={false} transport={transport}>
        <RecoveryActions turn={turn} />
      </RecoveryProvider>,
      container,
    ),
  );
  await flush();
  act(() => (container.querySelector('[data-testid="revert"]') as HTMLButtonElement).click());
  expect(container.querySelector('[data-testid="revert-confirm"]')?.textContent).toContain(
    'and 1 later one',
  );
  expect(sent.some((envelope) => envelope.type === 'recovery/revert')).toBe(false);
  act(() =>
    (container.querySelector('[data-testid="revert-confirm-yes"]') as HTMLButtonElement).click(),
  );
  await flush();
  expect(sent.find((envelope) => envelope.type === 'recovery/revert')?.payload).toEqual({
    tabId: 3,
    scope: { siteId: 'typst', projectId: 'p1' },
    sessionId: 's1',
    checkpointId: 'cp1',
  });
  expect(container.querySelector('[data-testid="recovery-message"]')?.textContent).toContain(
    '(1 of 2 reverted)',
  );
});
