// ## Owns
// The frames side of a run's debugger session: child sessions of out-of-process
// frames as auto-attach reports them (repeated in each child, so nested frames are
// followed too), and detaching what a previous worker left attached.
import type { DebuggerApi, DebuggerTarget } from './debugger-api';

/** Auto-attach to child frames, flattened into the tab's connection. */
export const AUTO_ATTACH = { autoAttach: true, waitForDebuggerOnStart: false, flatten: true };

/** An out-of-process frame's session, as auto-attach reported it. */
export interface ChildSession {
  readonly sessionId: string;
  readonly targetId: string;
  readonly url: string;
  /** The session it was reported in; null for the tab's own. */
  readonly parent: string | null;
}

/** Child sessions come and go with frames; auto-attach is repeated in each for nested ones. */
export function followChildren(
  api: DebuggerApi,
  entry: { readonly tabId: number; readonly children: Map<string, ChildSession> },
  source: DebuggerTarget,
  method: string,
  params: unknown,
) {
  const event = params as {
    sessionId?: string;
    targetInfo?: { targetId?: string; url?: string; type?: string };
  };
  if (method === 'Target.attachedToTarget' && typeof event?.sessionId === 'string') {
    entry.children.set(event.sessionId, {
      sessionId: event.sessionId,
      targetId: String(event.targetInfo?.targetId ?? ''),
      url: String(event.targetInfo?.url ?? '').slice(0, 2_048),
      parent: source.sessionId ?? null,
    });
    void api
      .sendCommand(
        { tabId: entry.tabId, sessionId: event.sessionId },
        'Target.setAutoAttach',
        AUTO_ATTACH,
      )
      .catch(() => undefined);
  } else if (method === 'Target.detachedFromTarget' && typeof event?.sessionId === 'string') {
    entry.children.delete(event.sessionId);
  }
}

/** Detaches every tab this extension may still hold from before the worker started. */
export async function detachStale(api: DebuggerApi): Promise<void> {
  const targets = await api.getTargets().catch(() => []);
  await Promise.all(
    targets
      .filter((target) => target.attached && target.tabId !== undefined)
      .map((target) => api.detach({ tabId: target.tabId as number }).catch(() => undefined)),
  );
}
