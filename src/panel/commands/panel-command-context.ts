// What slash commands reach in the panel: the same controllers the buttons use (the
// header's New chat, the composer's mode control and its Dev rule), never copies.
import type { ReadonlySignal, Signal } from '@preact/signals';
import type { AgentMode } from '../../shared/protocol/agent-modes';
import type { ApiWrites, SessionMeta } from '../../shared/protocol/chat-records';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { ResultFormat } from '../../shared/protocol/result-format';
import type { TabSite } from '../../shared/protocol/site-catalog';
import type { CommandContext, JobsClient, MemoryClient, SkillClient } from './slash-command';

/** The parts of the panel controller commands use. */
export interface CommandHost {
  readonly api: MemoryClient & SkillClient & JobsClient;
  readonly site: ReadonlySignal<TabSite | null>;
  readonly hasAgentModes: ReadonlySignal<boolean>;
  readonly agentMode: ReadonlySignal<AgentMode>;
  readonly isDevAvailable: ReadonlySignal<boolean>;
  readonly session: {
    readonly meta: ReadonlySignal<SessionMeta | null>;
    setMode(mode: AgentMode): Promise<void>;
    setApiWrites?(apiWrites: ApiWrites | null): Promise<ProtocolError | null>;
  };
  readonly attachments: { clear(): void; readonly format?: Signal<ResultFormat | null> };
  newChat(): Promise<void>;
}

/** The http(s) origin of a page address, or null. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The command context over the panel's controllers. */
export function commandContextOf(host: CommandHost): CommandContext {
  return {
    memory: host.api,
    skills: host.api,
    jobs: host.api,
    siteOrigin: () => originOf(host.site.peek()?.url),
    agentMode: () =>
      host.hasAgentModes.peek() && host.session.meta.peek()
        ? {
            mode: host.agentMode.peek(),
            isDevAvailable: host.isDevAvailable.peek(),
            choose: (mode) => host.session.setMode(mode),
          }
        : null,
    apiWrites: () => {
      const meta = host.session.meta.peek();
      const save = host.session.setApiWrites?.bind(host.session);
      return meta && save ? { current: meta.apiWrites, save } : null;
    },
    resultFormat: () => {
      const format = host.attachments.format;
      if (!format || !host.session.meta.peek()) return null;
      return { current: format.peek(), set: (next) => (format.value = next) };
    },
    newChat: () => host.newChat(),
    clear: async () => {
      host.attachments.clear();
      await host.newChat();
    },
  };
}
