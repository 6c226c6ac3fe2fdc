// Gives the transcript's answers access to recovery (Revert, Snapshot) for the shown
// chat, and shows the outcome of the last revert or restore under the transcript.
// Without a provider the actions render nothing (e.g. in turn-view unit tests).
import { createContext, type ComponentChildren } from 'preact';
import type { ReadonlySignal } from '@preact/signals';
import { useContext, useEffect, useMemo } from 'preact/hooks';
import type { RequestTransport } from '../../shared/protocol/client';
import type { ChatTurn } from '../../shared/protocol/chat-records';
import type { TabSite } from '../../shared/protocol/site-catalog';
import { runtimeRequestTransport } from '../transport/runtime-transport';
import { RecoveryState, type RecoveryChatPort } from './recovery-state';

const RecoveryContext = createContext<{ state: RecoveryState; running: boolean } | null>(null);

/** The recovery context of the nearest provider, or null. */
export const useRecovery = () => useContext(RecoveryContext);

/** Props of {@link RecoveryProvider}. */
export interface RecoveryProviderProps {
  readonly site: ReadonlySignal<TabSite | null>;
  readonly chat: RecoveryChatPort & { readonly turns: ReadonlySignal<readonly ChatTurn[]> };
  /** True while an agent run is shown live (recovery waits for it). */
  readonly running: boolean;
  /** Whether the served site keeps revert checkpoints and snapshots; false renders no actions. */
  readonly enabled?: boolean;
  readonly transport?: RequestTransport;
  readonly children: ComponentChildren;
}

/** Provides recovery to the answers below it. */
export function RecoveryProvider({
  site,
  chat,
  running,
  enabled = true,
  transport,
  children,
}: RecoveryProviderProps) {
  const state = useMemo(
    () => new RecoveryState(transport ?? runtimeRequestTransport, site, chat),
    [transport, site, chat],
  );
  const turns = chat.turns.value;
  const tabId = site.value?.tabId;
  useEffect(() => {
    if (enabled) void state.refresh();
  }, [state, turns, tabId, running, enabled]);
  const message = state.message.value;
  if (!enabled) return <>{children}</>;
  return (
    <RecoveryContext.Provider value={{ state, running }}>
      {children}
      {message ? (
        <p
          class={`recovery-message ${message.kind}`}
          role={message.kind === 'error' ? 'alert' : 'status'}
          data-testid="recovery-message"
        >
          {message.text}
          <button
            type="button"
            class="icon-button"
            onClick={() => (state.message.value = null)}
            aria-label="Dismiss"
          >
            ×
          </button>
        </p>
      ) : null}
    </RecoveryContext.Provider>
  );
}
