import { signal } from '@preact/signals';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { AgentMode } from '../../shared/protocol/agent-modes';
import type { SessionMeta } from '../../shared/protocol/chat-records';
import type { SitePanel } from '../../shared/protocol/site-catalog';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { createFakeApi } from '../chat/__fixtures__/fake-panel-api';
import { DOCUMENT_SITE_PANEL } from '../chat/__fixtures__/site-panel';
import { ChatSessionController } from '../chat/chat-session';
import { AttachmentsController } from './attachments-controller';
import { Composer } from './composer';

const WEB_PANEL: SitePanel = {
  ...DOCUMENT_SITE_PANEL,
  label: 'Web',
  modeControl: 'agent-mode',
  attachments: [],
  recovery: false,
};

function renderComposer(
  site: SitePanel,
  options: { mode?: AgentMode; isDevAvailable?: boolean; running?: boolean } = {},
) {
  const container = document.createElement('div');
  const onChange = vi.fn();
  act(() =>
    render(
      <Composer
        draft={signal('')}
        enabled={true}
        site={site}
        running={options.running ?? false}
        preparing={false}
        editMode="ask"
        attachments={new AttachmentsController(createFakeApi({}).api, async () => null)}
        onSend={vi.fn()}
        onStop={vi.fn()}
        onEditMode={vi.fn()}
        onAdd={vi.fn()}
        agentMode={{
          mode: options.mode ?? 'ask',
          isDevAvailable: options.isDevAvailable ?? true,
          onChange,
        }}
      />,
      container,
    ),
  );
  const radio = (mode: AgentMode) =>
    container.querySelector<HTMLInputElement>(`[data-testid="agent-mode-${mode}"]`);
  const hint = () => container.querySelector('[data-testid="agent-mode-hint"]')?.textContent;
  return { container, onChange, radio, hint };
}

describe('the Ask / Act / Dev control', () => {
  it('shows the chat mode as one radio group with a line on what it allows', () => {
    const { container, radio, hint } = renderComposer(WEB_PANEL);
    const group = container.querySelector('[role="radiogroup"]');
    expect(group?.getAttribute('aria-label')).toBe('Mode');
    expect(radio('ask')?.checked).toBe(true);
    expect(radio('act')?.checked).toBe(false);
    expect(hint()).toBe('Ask: Reads the page and answers; never clicks or types.');
    // Every option names its description for assistive technology, not only the chosen one.
    const described = radio('act')?.getAttribute('aria-describedby') ?? '';
    expect(container.querySelector(`#${described}`)?.textContent).toMatch(/click, type/);
  });

  it('reports a choice and shows the chosen mode', () => {
    const { radio, onChange } = renderComposer(WEB_PANEL);
    // happy-dom does not fire change for a radio click; a browser does (the e2e clicks).
    act(() => void radio('act')?.dispatchEvent(new Event('change', { bubbles: true })));
    expect(onChange).toHaveBeenCalledWith('act');
    const shown = renderComposer(WEB_PANEL, { mode: 'act' });
    expect(shown.radio('act')?.checked).toBe(true);
    expect(shown.hint()).toMatch(/^Act: Can click, type and navigate/);
  });

  it('offers Dev only with a model whose tier can run it, and says why not', () => {
    const { radio, hint } = renderComposer(WEB_PANEL, { isDevAvailable: false });
    expect(radio('dev')?.disabled).toBe(true);
    expect(radio('act')?.disabled).toBe(false);
    // A chat already in Dev still shows it, with the reason Send will refuse.
    const inDev = renderComposer(WEB_PANEL, { mode: 'dev', isDevAvailable: false });
    expect(inDev.radio('dev')?.checked).toBe(true);
    expect(inDev.hint()).toMatch(/Needs a model with the Mid or Full prompt tier/);
    expect(hint()).toMatch(/^Ask:/);
  });

  it('locks the choice while a run goes (the run keeps the mode it was sent in)', () => {
    const { radio } = renderComposer(WEB_PANEL, { running: true });
    for (const mode of ['ask', 'act', 'dev'] as const) expect(radio(mode)?.disabled).toBe(true);
  });

  it('is absent on a site with the edit approval control, which keeps its own', () => {
    const { container } = renderComposer(DOCUMENT_SITE_PANEL);
    expect(container.querySelector('[data-testid="agent-mode"]')).toBeNull();
    expect(container.querySelector('[data-testid="agent-mode-hint"]')).toBeNull();
    expect(container.querySelector('[data-testid="edit-mode"]')).not.toBeNull();
    const web = renderComposer(WEB_PANEL);
    expect(web.container.querySelector('[data-testid="edit-mode"]')).toBeNull();
  });
});

const META: SessionMeta = {
  id: 's1',
  scope: { siteId: 'web', projectId: 'https://shop.example' },
  name: 'New chat',
  createdAt: 1,
  updatedAt: 1,
  userRenamed: false,
  turnCount: 0,
  approxBytes: 0,
  preview: '',
};

describe('ChatSessionController.setMode', () => {
  it('shows the choice at once and keeps what the worker saved', async () => {
    const fake = createFakeApi({
      'session/set-mode': (payload: { agentMode: AgentMode }) => ({
        ...META,
        agentMode: payload.agentMode,
        updatedAt: 2,
      }),
    });
    const session = new ChatSessionController(fake.api);
    session.meta.value = META;
    const saving = session.setMode('act');
    expect(session.meta.value.agentMode).toBe('act');
    await saving;
    expect(fake.calls).toEqual([
      {
        type: 'session/set-mode',
        payload: { sessionId: 's1', agentMode: 'act' },
        runId: undefined,
      },
    ]);
    expect(session.meta.value).toMatchObject({ agentMode: 'act', updatedAt: 2 });
  });

  it('puts the previous mode back and says why when the save fails', async () => {
    const fake = createFakeApi({
      'session/set-mode': () => {
        throw new ProtocolFailure('SESSION_NOT_FOUND', 'This chat was deleted.');
      },
    });
    const session = new ChatSessionController(fake.api);
    session.meta.value = META;
    await session.setMode('act');
    expect(session.meta.value.agentMode).toBeUndefined();
    expect(session.error.value?.code).toBe('SESSION_NOT_FOUND');
  });
});
