// ## Owns
// What the run's tools read from pages, by origin, so the safety policy can tell when
// the agent is about to type text that came from another site. Every web tool's
// result is recorded as the strings it carried, with the origin of the tab's page at
// that moment; bounded in count and size, newest kept.
import type {
  JsonValue,
  ToolDefinition,
  ToolRunContext,
} from '../../../../worker/tools/define-tool';
import type { PressRecord } from './duplicate-submit';
import type { Observation } from './may-act';

/** Results kept per run, and characters kept per result. */
const MAX_OBSERVATIONS = 48;
const MAX_OBSERVED_CHARS = 65_536;

/** The web face's state for one run: what its tools read, and from where. */
export interface WebRunState {
  readonly observations: Observation[];
  /** Presses that landed, for the duplicate-submit rule. */
  readonly presses: PressRecord[];
  /** The control each reviewed press call targets, by call id, until it runs. */
  readonly reviewed: Map<string, Omit<PressRecord, 'at'>>;
  /** How often `done` was held back in this run (the verified-done guard). */
  doneBlocks: number;
}

export const createWebRunState = (): WebRunState => ({
  observations: [],
  presses: [],
  reviewed: new Map(),
  doneBlocks: 0,
});

/** The run's web state; a fresh one where a run has none (probes, other callers). */
export function webRunState(context: ToolRunContext): WebRunState {
  // Probes and test harnesses may run a tool without any run state at all.
  const state = context.state as ToolRunContext['state'] | undefined;
  const site = state?.site as Partial<WebRunState> | null | undefined;
  return site && Array.isArray(site.observations) && Array.isArray(site.presses)
    ? (site as WebRunState)
    : createWebRunState();
}

/** Every string of a result, in order, up to the bound. */
function stringsOf(value: JsonValue, out: string[], budget: { left: number }): void {
  if (budget.left <= 0) return;
  if (typeof value === 'string') {
    out.push(value.slice(0, budget.left));
    budget.left -= value.length + 1;
  } else if (Array.isArray(value)) {
    for (const entry of value) stringsOf(entry, out, budget);
  } else if (value !== null && typeof value === 'object') {
    for (const entry of Object.values(value)) stringsOf(entry, out, budget);
  }
}

export function recordObservation(state: WebRunState, origin: string, result: JsonValue): void {
  const strings: string[] = [];
  stringsOf(result, strings, { left: MAX_OBSERVED_CHARS });
  state.observations.push({ origin, text: strings.join('\n') });
  if (state.observations.length > MAX_OBSERVATIONS) state.observations.shift();
}

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : 'null';
  } catch {
    return 'null';
  }
};

/** `tool`, recording what its successful results carried and from which page's origin. */
export function observed<Args>(
  tool: ToolDefinition<Args>,
  tabUrl: (tabId: number) => Promise<string | undefined>,
): ToolDefinition<Args> {
  return {
    ...tool,
    async execute(args, context) {
      const outcome = await tool.execute(args, context);
      if (outcome.ok) {
        const origin = originOf(await tabUrl(context.page.tabId).catch(() => undefined));
        recordObservation(webRunState(context), origin, outcome.result);
      }
      return outcome;
    },
  };
}
