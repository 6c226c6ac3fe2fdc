// What resume tests read back from the scripted model server's requests: the tool
// results a request carried, and the person's latest words in it.

export interface SentMessage {
  readonly role: string;
  readonly content?: unknown;
  readonly tool_call_id?: string;
}

export interface SentBody {
  readonly messages?: SentMessage[];
  readonly tools?: unknown[];
}

/** The tool results the request carried, in order. */
export const resultsOf = (body: SentBody) => (body.messages ?? []).filter((m) => m.role === 'tool');

/** The person's latest message in the request, as JSON text. */
export const lastUserText = (body: SentBody) =>
  JSON.stringify(body.messages?.filter((m) => m.role === 'user').at(-1)?.content ?? '');
