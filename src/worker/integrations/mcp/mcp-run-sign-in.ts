// ## Owns
// Signing in from inside a run: when a call finds the server wants a sign-in (401),
// the person sees "Sign in to <server>" under the answer instead of a dead end. A
// click opens the server's authorization page; after a good sign-in the call runs
// once more with the new grant. Skip, a timeout or a failed sign-in end the call
// with a message that says what happened and where to sign in later.
// ## Never
// Opens the authorization page without the person's click, or retries more than once.
import type { ToolOutcome } from '../../tools/define-tool';
import type { RunInteraction } from '../../tools/run-interaction';
import type { McpServerRecord } from '../integration-records';

/** Opens the authorization page for `server` and reports whether the sign-in worked. */
export type McpInteractiveSignIn = (
  server: McpServerRecord,
  signal: AbortSignal,
) => Promise<{ ok: true } | { ok: false; code: string; message: string }>;

/**
 * Runs `call`; when it ends with MCP_AUTH_REQUIRED and someone can answer, offers the
 * sign-in and, after a good one, runs `call` once more.
 */
export async function withRunSignIn(
  server: McpServerRecord,
  context: { readonly signal: AbortSignal; readonly interaction?: RunInteraction },
  signIn: McpInteractiveSignIn | undefined,
  call: () => Promise<ToolOutcome>,
): Promise<ToolOutcome> {
  const first = await call();
  const ask = context.interaction?.askSignIn?.bind(context.interaction);
  if (first.ok || first.code !== 'MCP_AUTH_REQUIRED' || !signIn || !ask) return first;
  const answer = await ask(
    {
      source: server.name,
      message: `${server.name} needs you to sign in before this tool can run. Signing in opens its sign-in page in a new window.`,
    },
    context.signal,
  );
  if (answer !== 'sign-in') {
    const why = answer === 'skip' ? 'You skipped signing in' : 'Nobody answered the sign-in';
    return {
      ok: false,
      code: 'MCP_AUTH_REQUIRED',
      message: `${why}, so ${server.name} did not run the tool. You can sign in later in Settings → MCP.`,
    };
  }
  const signedIn = await signIn(server, context.signal);
  if (!signedIn.ok)
    return {
      ok: false,
      code: 'MCP_AUTH_FAILED',
      message: `Signing in to ${server.name} did not work: ${signedIn.message.slice(0, 500)}`,
    };
  return call();
}
