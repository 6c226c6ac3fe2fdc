// ## Owns
// The oracle: a scripted model whose every turn is computed from the request the
// product sent it. It reads the tree text in the tool results it was given, finds each
// planned target by role and name there (never a ref written in advance), and calls
// the product's tools. It proves that the observation and the actions suffice; when a
// target is missing or an action fails it stops and says so, so the judge fails the task.
import type { ScenarioTurn } from '../support/model-server/model-server.mjs';
import type { Intent, PlanStep, Target } from './task';
import { conversationOf, findRef, treeOf, type CallRecord, type Conversation } from './transcript';

const TREE_TOOL = 'get_accessibility_tree';
/** Tree pages the oracle reads while looking for one target. */
const MAX_PAGES = 40;
/** Looks the oracle takes at one target while the walk keeps stopping early. */
const MAX_CUT_LOOKS = 3;
/** Scrolls the oracle makes while seeking one target. */
const MAX_SEEKS = 12;

const say = (text: string): ScenarioTurn => ({ steps: [{ text }] });

function call(
  conversation: Conversation,
  kind: string,
  name: string,
  args: Record<string, unknown>,
): ScenarioTurn {
  const id = `${kind}-${conversation.totalCalls}`;
  return { steps: [{ toolCall: { id, name, arguments: args } }] };
}

/** The index of the plan step the next action serves: one past the last `act<n>-` call that went through. */
function nextStep(conversation: Conversation, persist: boolean): number {
  let next = 0;
  for (const entry of conversation.calls) {
    const match = /^act(\d+)-/.exec(entry.id);
    if (match && (persist || entry.result?.ok !== false)) next = Number(match[1]) + 1;
  }
  return next;
}

function targetOf(intent: Intent): Target | null {
  return 'role' in intent ? intent : null;
}

function toolCallFor(intent: Intent, ref: string | null): [string, Record<string, unknown>] {
  switch (intent.act) {
    case 'click':
    case 'hover':
      return [intent.act, { ref }];
    case 'type':
      return ['type', { ref, text: intent.text, clear: true, submit: intent.submit ?? false }];
    case 'check':
      return ['set_checked', { ref, checked: intent.checked }];
    case 'keys':
      return ['press_keys', { keys: [...intent.keys], repeat: intent.repeat ?? 1 }];
    case 'scroll':
      return ['scroll_page', { direction: intent.direction }];
    case 'navigate':
      return ['navigate', { url: intent.url }];
  }
}

const describe = (target: Target) => `${target.role} ${String(target.name)}`;

/** Whether an action's result says the page changed under the refs (a new address, a dialog). */
function movedOn(entry: CallRecord): boolean {
  const changes = (
    entry.result?.['result'] as { untrusted_page_content?: { content?: { changes?: object } } }
  )?.untrusted_page_content?.content?.changes;
  if (!changes) return entry.name === 'navigate' || entry.name === 'scroll_page';
  return ['url', 'navigated', 'dialogs_opened', 'dialogs_closed'].some((key) => key in changes);
}

/** The index of the last action call, or -1. */
function lastActIndex(conversation: Conversation): number {
  return conversation.calls.map((entry) => entry.id.startsWith('act')).lastIndexOf(true);
}

/** The ref find_text gave for its first match: a string, null for none, undefined when it failed. */
function foundRef(entry: CallRecord): string | null | undefined {
  if (entry.result?.ok === false) return undefined;
  const matches = (
    entry.result?.['result'] as
      { untrusted_page_content?: { content?: { matches?: { ref?: string | null }[] } } } | undefined
  )?.untrusted_page_content?.content?.matches;
  return matches?.find((match) => typeof match.ref === 'string')?.ref ?? null;
}

/**
 * The oracle policy for `plan`, reading trees with `filter`. A fixed target is looked up
 * in the latest tree while no action since moved the page on (refs stay valid while
 * their element exists); a step computed from the tree always reads a fresh one.
 */
export function oraclePolicy(
  plan: readonly PlanStep[],
  filter: string,
  options: {
    /** Go on with the next step after a refusal (a model that does not take no). */
    readonly persist?: boolean;
  } = {},
) {
  const persist = options.persist ?? false;
  return (body: unknown): ScenarioTurn => {
    const conversation = conversationOf(body);
    const index = nextStep(conversation, persist);
    const failed = conversation.calls.filter(
      (entry) => entry.id.startsWith(`act${index}-`) && entry.result?.ok === false,
    );
    const last = conversation.calls.at(-1);
    const lastFailed = last?.id.startsWith('act') === true && last.result?.ok === false;
    // A ref that died in a re-render is looked up once more in a fresh tree.
    const retry = lastFailed && last.result?.code === 'PAGE_REF_NOT_FOUND' && failed.length < 2;
    if (lastFailed && !retry && !persist)
      return say(`Stopped: ${String(last.result?.code)} ${String(last.result?.message ?? '')}`);
    const step = plan[index];
    if (!step) return say('Done.');
    const lookAgain = (page?: number) =>
      call(conversation, 'look', TREE_TOOL, page ? { filter, page } : { filter });
    if (typeof step !== 'function' && !targetOf(step)) {
      const [name, args] = toolCallFor(step, null);
      return call(conversation, `act${index}`, name, args);
    }
    const found = last?.id.startsWith(`find${index}-`) ? foundRef(last) : undefined;
    if (found !== undefined && typeof step !== 'function') {
      if (!found) return say(`Stopped: the page has no ${describe(step as Target)}.`);
      const [name, args] = toolCallFor(step, found);
      return call(conversation, `act${index}`, name, args);
    }
    const { trees, since } = conversation.latestTrees();
    const isFresh = since.length === 0;
    const isUsable = trees.length > 0 && !retry && (isFresh || typeof step !== 'function');
    if (!isUsable || since.some(movedOn)) return lookAgain();
    const tree = trees.map((entry) => treeOf(entry.result)).join('\n');
    const intent = typeof step === 'function' ? step(tree) : step;
    const target = intent ? targetOf(intent) : null;
    const ref = target ? findRef(tree, target) : null;
    if (intent && (!target || ref)) {
      const [name, args] = toolCallFor(intent, ref);
      return call(conversation, `act${index}`, name, args);
    }
    if (!isFresh) return lookAgain();
    const nextPage = (trees.at(-1)?.result?.['result'] as { nextPage?: number | null } | undefined)
      ?.nextPage;
    if (nextPage && trees.length < MAX_PAGES) return lookAgain(nextPage);
    // A walk cut short on a huge page (it has a time limit, which a loaded machine
    // reaches) leaves the target out: look again a few times, then search the page for
    // the name, which answers with the holder's ref.
    const isCut = (entry: CallRecord) =>
      (entry.result?.['result'] as { notes?: string[] } | undefined)?.notes?.some((note) =>
        note.includes('stopped early'),
      ) ?? false;
    const sinceAct = conversation.calls.slice(lastActIndex(conversation) + 1);
    if (
      trees.some(isCut) &&
      target &&
      typeof target.name === 'string' &&
      typeof step !== 'function'
    ) {
      if (sinceAct.filter(isCut).length < MAX_CUT_LOOKS) return lookAgain();
      if (!sinceAct.some((entry) => entry.id.startsWith(`find${index}-`)))
        return call(conversation, `find${index}`, 'find_text', { text: target.name, exact: true });
    }
    const seeks = conversation.calls.filter((entry) => entry.id.startsWith(`seek${index}-`));
    if (intent && 'seek' in intent && intent.seek && seeks.length < MAX_SEEKS)
      return call(conversation, `seek${index}`, 'scroll_page', { direction: 'down' });
    return say(`Stopped: the page shows no ${target ? describe(target) : 'way to go on'}.`);
  };
}
