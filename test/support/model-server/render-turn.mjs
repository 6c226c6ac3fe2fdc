// Turns one scenario turn into the SSE writes of an OpenAI-compatible
// `chat.completion.chunk` stream. Pure: the server decides timing and I/O.

/** @typedef {import('./model-server.d.mts').ScenarioTurn} ScenarioTurn */
/** @typedef {import('./model-server.d.mts').ScenarioStep} ScenarioStep */

/**
 * One planned write: SSE text to send, a pause, or "hang" (stop writing, keep the
 * connection open until the client gives up).
 * @typedef {{ kind: 'write', text: string } | { kind: 'delay', ms: number } | { kind: 'hang' } | { kind: 'end' }} PlannedWrite
 */

const DEFAULT_CHUNK_SIZE = 8;

/**
 * @param {string} text
 * @param {number} size
 * @returns {string[]}
 */
export function splitText(text, size) {
  const pieces = [];
  const characters = Array.from(text); // Split by code point so emoji stay whole.
  for (let index = 0; index < characters.length; index += size)
    pieces.push(characters.slice(index, index + size).join(''));
  return pieces;
}

/**
 * @param {string} model
 * @param {Record<string, unknown>} delta
 * @param {string | null} finishReason
 */
function chunk(model, delta, finishReason = null) {
  const body = {
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 1_764_460_800,
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/**
 * Plans the writes of one streamed turn.
 * @param {ScenarioTurn} turn
 * @param {string} model
 * @returns {PlannedWrite[]}
 */
export function planTurn(turn, model) {
  const size = Math.max(1, turn.chunkSize ?? DEFAULT_CHUNK_SIZE);
  /** @type {PlannedWrite[]} */
  const writes = [];
  const pause = turn.chunkDelayMs ?? 0;
  const write = (/** @type {string} */ text) => {
    if (pause > 0 && writes.some((entry) => entry.kind === 'write'))
      writes.push({ kind: 'delay', ms: pause });
    writes.push({ kind: 'write', text });
  };
  write(chunk(model, { role: 'assistant', content: '' }));
  let toolIndex = 0;
  for (const step of turn.steps ?? []) {
    if ('text' in step)
      for (const piece of splitText(step.text, size)) write(chunk(model, { content: piece }));
    else if ('reasoning' in step) {
      const field = step.field ?? 'reasoning_content';
      for (const piece of splitText(step.reasoning, size))
        write(chunk(model, { content: null, [field]: piece }));
    } else if ('think' in step) {
      for (const piece of splitText(`<think>${step.think}</think>\n\n`, size))
        write(chunk(model, { content: piece }));
    } else if ('toolCall' in step) {
      for (const fragment of toolCallFragments(step.toolCall, toolIndex))
        write(chunk(model, { tool_calls: [fragment] }));
      toolIndex += 1;
    } else if ('delayMs' in step) writes.push({ kind: 'delay', ms: step.delayMs });
    else if ('error' in step) {
      writes.push(
        { kind: 'write', text: `data: ${JSON.stringify({ error: step.error })}\n\n` },
        { kind: 'end' },
      );
      return writes;
    } else if ('raw' in step) writes.push({ kind: 'write', text: step.raw });
    else if ('hang' in step) {
      writes.push({ kind: 'hang' });
      return writes;
    }
  }
  const finishReason =
    turn.finishReason === undefined ? (toolIndex > 0 ? 'tool_calls' : 'stop') : turn.finishReason;
  if (finishReason !== null) write(chunk(model, {}, finishReason));
  if (turn.usage) {
    write(
      `data: ${JSON.stringify({ id: 'chatcmpl-scripted', object: 'chat.completion.chunk', created: 1_764_460_800, model, choices: [], usage: turn.usage })}\n\n`,
    );
  }
  if (turn.done !== false) write('data: [DONE]\n\n');
  writes.push({ kind: 'end' });
  return writes;
}

/**
 * Splits one tool call into `fragments` chunks the way OpenAI does: id and name
 * first, arguments spread over the rest.
 * @param {import('./model-server.d.mts').ScenarioToolCall} call
 * @param {number} index
 */
function toolCallFragments(call, index) {
  const argumentsText =
    typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {});
  const count = Math.max(1, call.fragments ?? 3);
  const pieceSize = Math.max(1, Math.ceil(argumentsText.length / count));
  const pieces = argumentsText === '' ? [''] : splitText(argumentsText, pieceSize);
  return pieces.map((piece, position) => {
    /** @type {Record<string, unknown>} */
    const fragment =
      position === 0
        ? { index, id: call.id, type: 'function', function: { name: call.name, arguments: piece } }
        : { index, function: { arguments: piece } };
    if (position > 0 && call.omitIndexOnContinuation) delete fragment['index'];
    return fragment;
  });
}
