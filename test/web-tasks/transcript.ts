// Reads a Chat Completions request the product sent as the model sees it: the tool
// calls made so far (in order, with their ids) and the parsed tool messages that
// answered them; and finds a target's ref in the tree text by role and name, with the
// tree's own line grammar (`<indent><role>[ "<name>"] [<ref>] <state>`).
import type { Target } from './task';

export type ToolMessage = { ok?: boolean; code?: string; message?: string; [key: string]: unknown };

export interface CallRecord {
  readonly id: string;
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  readonly result: ToolMessage | undefined;
  /** The tool message's length in characters, as the model received it. */
  readonly chars: number;
}

export interface Conversation {
  readonly calls: readonly CallRecord[];
  /** Tool calls in the whole request (earlier runs and notes included): a fresh call id's number. */
  readonly totalCalls: number;
  /** The person's words in this request. */
  readonly userText: string;
  /** The latest run of consecutive tree calls (pages of one look), and the calls since. */
  latestTrees(): { trees: CallRecord[]; since: CallRecord[] };
}

type Message = {
  role?: string;
  content?: unknown;
  tool_call_id?: string;
  tool_calls?: { id: string; function?: { name?: string; arguments?: string } }[];
};

const textOf = (content: unknown) =>
  typeof content === 'string'
    ? content
    : Array.isArray(content)
      ? content.map((part: { text?: string }) => part.text ?? '').join('')
      : '';

function parseJson(text: string): ToolMessage | undefined {
  try {
    return JSON.parse(text) as ToolMessage;
  } catch {
    return undefined;
  }
}

/** The request's current run: the person's last message and what followed it. */
export function conversationOf(body: unknown, options: { wholeChat?: boolean } = {}): Conversation {
  const all = ((body as { messages?: Message[] }).messages ?? []) as Message[];
  const lastUser = options.wholeChat ? -1 : all.map((message) => message.role).lastIndexOf('user');
  const messages = lastUser < 0 ? all : all.slice(lastUser);
  const results = new Map<string, string>();
  for (const message of messages)
    if (message.role === 'tool' && message.tool_call_id)
      results.set(message.tool_call_id, textOf(message.content));
  const calls: CallRecord[] = [];
  for (const message of messages) {
    for (const toolCall of message.tool_calls ?? []) {
      const text = results.get(toolCall.id);
      calls.push({
        id: toolCall.id,
        name: toolCall.function?.name ?? '',
        arguments: (parseJson(toolCall.function?.arguments ?? '{}') ?? {}) as Record<
          string,
          unknown
        >,
        result: text === undefined ? undefined : parseJson(text),
        chars: text?.length ?? 0,
      });
    }
  }
  const userText = messages
    .filter((message) => message.role === 'user')
    .map((message) => textOf(message.content))
    .join('\n');
  const totalCalls = all.reduce((total, message) => total + (message.tool_calls?.length ?? 0), 0);
  return {
    calls,
    totalCalls,
    userText,
    latestTrees() {
      const isTree = (entry: CallRecord) => entry.name === 'get_accessibility_tree';
      let end = calls.length;
      while (end > 0 && !isTree(calls[end - 1]!)) end -= 1;
      let start = end;
      // A look starts at page 1; later pages continue it.
      while (start > 0 && isTree(calls[start - 1]!)) {
        start -= 1;
        if (!calls[start]!.arguments['page']) break;
      }
      return { trees: calls.slice(start, end), since: calls.slice(end) };
    },
  };
}

/** The tree text of a get_accessibility_tree result, or ''. */
export function treeOf(result: ToolMessage | undefined): string {
  const content = (
    result?.['result'] as { untrusted_page_content?: { content?: { tree?: string } } }
  )?.untrusted_page_content?.content?.tree;
  return typeof content === 'string' ? content : '';
}

export interface TreeLine {
  readonly depth: number;
  readonly role: string;
  readonly name: string;
  readonly ref: string | null;
  /** What follows the ref: states such as value, checked, expanded. */
  readonly rest: string;
}

const LINE = /^( *)(\S+)(?: "((?:[^"\\]|\\.)*)")?(?: \[((?:f\d+:)?e\d+)\])?(.*)$/;

export function parseTree(tree: string): TreeLine[] {
  const lines: TreeLine[] = [];
  for (const text of tree.split('\n')) {
    if (text.trimStart().startsWith('#')) continue;
    const match = LINE.exec(text);
    if (!match) continue;
    let name = match[3] ?? '';
    try {
      name = JSON.parse(`"${name}"`) as string;
    } catch {
      // A name with a character JSON does not accept stays as printed.
    }
    lines.push({
      depth: match[1]?.length ?? 0,
      role: match[2] ?? '',
      name,
      ref: match[4] ?? null,
      rest: match[5] ?? '',
    });
  }
  return lines;
}

const matches = (line: TreeLine, target: Target) =>
  line.role === target.role &&
  (typeof target.name === 'string' ? line.name === target.name : target.name.test(line.name));

/** The ref of the first element with the target's role and name, or null. */
export function findRef(tree: string, target: Target): string | null {
  return parseTree(tree).find((line) => line.ref && matches(line, target))?.ref ?? null;
}
