// execute_js (Dev mode): runs the model's JavaScript in the page's own world, where
// the page's scripts and globals live, through the run's debugger session. It always
// asks first and the card shows the exact code: a script can read and change
// anything on the page. The answer is bounded and labelled as page data.
// ## Why the debugger
// `Runtime.evaluate` runs whatever the page's own Content-Security-Policy allows or
// not (a page that forbids eval still gets debugged), can stop a runaway synchronous
// loop by its `timeout`, and returns values by JSON without page code in between.
import { z } from '../../../../shared/schema/zod';
import { delay } from '../../../../shared/lib/abort';
import { counted, defineTool, type ToolOutcome } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { InputError } from '../input/debugger-sessions';
import { fail, inputSession, type ActionDeps } from '../actions/action-target';
import { reviewAction } from '../safety/review-action';
import { count, success } from '../read/read-support';

export const MAX_SCRIPT_CHARS = 10_000;
export const MAX_SCRIPT_RESULT_CHARS = 8_000;
export const DEFAULT_SCRIPT_TIMEOUT_MS = 3_000;
export const MAX_SCRIPT_TIMEOUT_MS = 10_000;

interface EvaluateAnswer {
  readonly result?: {
    readonly type?: string;
    readonly value?: unknown;
    readonly description?: string;
  };
  readonly exceptionDetails?: {
    readonly text?: string;
    readonly exception?: { readonly description?: string };
  };
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}\u2026` : text;

/** The script's value as text the model reads; `undefined` and functions say so. */
export function scriptValueText(answer: EvaluateAnswer): { text: string; total: number } {
  const result = answer.result ?? {};
  let text: string;
  if (result.type === 'undefined') text = 'undefined';
  else if ('value' in result) text = JSON.stringify(result.value) ?? String(result.value);
  else text = result.description ?? `(${result.type ?? 'unknown'})`;
  return { text: clip(text, MAX_SCRIPT_RESULT_CHARS), total: text.length };
}

const timedOut = (ms: number): Extract<ToolOutcome, { ok: false }> => ({
  ok: false,
  code: 'SCRIPT_TIMEOUT',
  message: `The script did not finish within ${count(ms)} ms, so it was stopped (a promise it left waiting may still settle in the page).`,
});

export function executeJsTool(deps: ActionDeps) {
  return defineTool({
    name: 'execute_js',
    description:
      "Run JavaScript in the page's own world (Dev). Always asks the person first. The value of the last expression is returned; top-level await works.",
    arguments: z.strictObject({
      code: z.string().min(1).max(MAX_SCRIPT_CHARS),
      timeout_ms: z
        .number()
        .int()
        .min(100)
        .max(MAX_SCRIPT_TIMEOUT_MS)
        .default(DEFAULT_SCRIPT_TIMEOUT_MS),
    }),
    effect: 'page-action',
    activity: ({ code }) => `Ran a script on the page (${counted(code.length, 'character')})`,
    approval: 'automatic',
    modes: ['dev'],
    tiers: ['mid', 'full'],
    review: async ({ code }, context) => {
      const review = await reviewAction(context, { ref: null, enter: false, url: null }, () => ({
        kind: 'script',
        summary: code.split('\n', 1)[0] ?? '',
      }));
      return review.ask === true ? { ...review, detail: code } : review;
    },
    async execute({ code, timeout_ms }, context) {
      const session = await inputSession(deps, context);
      if ('ok' in session) {
        if (session.code !== 'INPUT_UNAVAILABLE') return session;
        return fail({
          code: 'SITE_FEATURE_UNAVAILABLE',
          message:
            'Running scripts needs the browser\u2019s debugger, which this browser does not give extensions, so the script did not run.',
        });
      }
      const timer = new AbortController();
      const stop = () => timer.abort();
      context.signal.addEventListener('abort', stop, { once: true });
      try {
        const evaluated = session.send('Runtime.evaluate', {
          expression: code,
          replMode: true,
          awaitPromise: true,
          returnByValue: true,
          userGesture: false,
          timeout: timeout_ms,
        }) as Promise<EvaluateAnswer>;
        const answer = await Promise.race([
          evaluated,
          delay(timeout_ms + 250, timer.signal).then(() => null),
        ]);
        if (answer === null) return timedOut(timeout_ms);
        if (answer.exceptionDetails) {
          const details = answer.exceptionDetails;
          const text = details.exception?.description ?? details.text ?? 'Uncaught error';
          if (/execution was terminated/i.test(text)) return timedOut(timeout_ms);
          return fail({ code: 'SCRIPT_FAILED', message: `The script threw: ${clip(text, 1_000)}` });
        }
        const url = (await deps.tabUrl(context.page.tabId)) ?? '';
        const value = scriptValueText(answer);
        return success(
          {
            ...untrustedPageData(url, { value: value.text }),
            cut:
              value.total > value.text.length
                ? `[Cut here: the value has ${count(value.total)} characters; the first ${count(value.text.length)} are shown.]`
                : null,
          },
          'Ran the script',
        );
      } catch (error) {
        if (error instanceof InputError) return fail(error.failure);
        if (context.signal.aborted) throw error;
        return fail({
          code: 'SCRIPT_FAILED',
          message: `The script could not run: ${clip(error instanceof Error ? error.message : String(error), 500)}`,
        });
      } finally {
        context.signal.removeEventListener('abort', stop);
        timer.abort();
      }
    },
  });
}
