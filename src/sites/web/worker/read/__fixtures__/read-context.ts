// A fake run context for the web read tools: a page answering the read methods, each
// answer checked against its method's bounded schema as the worker's client does.
import { ProtocolFailure, type Result } from '../../../../../shared/protocol/envelope';
import type { JsonValue, ToolRunContext } from '../../../../../worker/tools/define-tool';
import { readMethods } from '../../../methods/read-methods';
import { readTools } from '../read-tools';

type Method = keyof typeof readMethods;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each fake answer reads the fields its method sends.
export type Answers = Partial<Record<Method, (payload: any) => unknown>>;

export const coverage = {
  hiddenParts: 0,
  hiddenCharacters: 0,
  hiddenReasons: {},
  shadowRoots: 0,
  sameOriginFrames: 0,
  otherFrames: 0,
  stopped: null,
};

/** A page answering the read methods; every answer must pass its method's schema. */
export function contextFor(answers: Answers, extra: Partial<ToolRunContext> = {}) {
  const calls: { method: string; payload: unknown }[] = [];
  const request = async (method: string, payload: unknown): Promise<Result<unknown>> => {
    calls.push({ method, payload });
    try {
      const answer = await answers[method as Method]?.(payload);
      if (answer === undefined) throw new ProtocolFailure('UNKNOWN_MESSAGE_TYPE', method);
      return { ok: true, data: readMethods[method as Method].response.parse(answer) };
    } catch (error) {
      if (!(error instanceof ProtocolFailure)) throw error;
      return { ok: false, error: { code: error.code, message: error.message } };
    }
  };
  const context = {
    runId: 'run-1',
    callId: 'call-1',
    signal: new AbortController().signal,
    identity: { tabId: 1, scope: { siteId: 'web', projectId: 'https://a.example' } },
    editMode: 'ask',
    page: { tabId: 1, request },
    interaction: {},
    state: { checkpointId: null, site: null },
    documentHooks: {},
    ...extra,
  } as unknown as ToolRunContext;
  return { context, calls };
}

export const tool = (name: string) => readTools.find((entry) => entry.name === name)!;
export async function run(name: string, args: unknown, context: ToolRunContext) {
  const parsed = tool(name).parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return tool(name).execute(parsed.args, context);
}
export const resultOf = (outcome: { ok: boolean; result?: JsonValue }) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read results field by field and assert each.
  (outcome.ok ? outcome.result : null) as Record<string, any>;
