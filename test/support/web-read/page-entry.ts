// The web face's page readers as a page script, for tests that run them in a plain
// browser page (Chromium and Firefox) without the extension: the same handlers the
// isolated world runs, with every answer checked against its method's schema.
import { readMethods } from '../../../src/sites/web/methods/read-methods';
import { startReadHandlers } from '../../../src/sites/web/isolated/read/read-handlers';
import { createRefRegistry } from '../../../src/sites/web/isolated/tree/refs';

type Method = keyof typeof readMethods;

const refs = createRefRegistry();
const handlers = startReadHandlers(
  new AbortController().signal,
  { isTop: window === window.top, documentId: 'harness' },
  refs,
);

async function call(method: Method, payload: unknown): Promise<unknown> {
  const spec = readMethods[method];
  const request = spec.request.parse(payload);
  const handler = handlers[method] as (request: unknown, context: unknown) => unknown;
  const started = performance.now();
  const answer = await handler(request, { sender: 'worker', signal: new AbortController().signal });
  const elapsedMs = performance.now() - started;
  const checked = spec.response.safeParse(answer);
  if (!checked.success) throw new Error(`${method}: ${checked.error.message.slice(0, 2_000)}`);
  return { answer: checked.data, elapsedMs };
}

(globalThis as unknown as { __webRead: unknown }).__webRead = {
  call,
  elementOf: (ref: number) => refs.elementOf(ref),
};
