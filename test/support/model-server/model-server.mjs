// ## Owns
// A scripted OpenAI-compatible Chat Completions server on 127.0.0.1 for tests and
// the demo: streaming `chat.completion.chunk` SSE driven by scenario files, HTTP
// errors, delays, hangs, and a record of every request.
// ## Why plain .mjs
// `npm start -- --demo` runs in plain node, and vitest imports it too; JSDoc plus
// model-server.d.mts keep it typed without a build step.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { planTurn } from './render-turn.mjs';

/** @typedef {import('./model-server.d.mts').Scenario} Scenario */
/** @typedef {import('./model-server.d.mts').ScenarioTurn} ScenarioTurn */
/** @typedef {import('./model-server.d.mts').RecordedRequest} RecordedRequest */

const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

/**
 * Reads `scenarios/<name>.json` beside this file.
 * @param {string} name
 * @returns {Promise<Scenario>}
 */
export async function loadScenario(name) {
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Invalid scenario name: ${name}`);
  const text = await readFile(new URL(`./scenarios/${name}.json`, import.meta.url), 'utf8');
  return checkScenario(JSON.parse(text), name);
}

/**
 * @param {unknown} value
 * @param {string} fallbackName
 * @returns {Scenario}
 */
function checkScenario(value, fallbackName) {
  if (
    typeof value !== 'object' ||
    value === null ||
    (!Array.isArray(/** @type {any} */ (value).turns) &&
      typeof (/** @type {any} */ (value).policy) !== 'function')
  ) {
    throw new Error(`Scenario ${fallbackName} needs a "turns" array or a "policy" function.`);
  }
  const scenario = /** @type {Scenario} */ (value);
  return { ...scenario, name: scenario.name ?? fallbackName };
}

/** @param {Scenario | string} scenario */
async function resolveScenario(scenario) {
  return typeof scenario === 'string' ? loadScenario(scenario) : checkScenario(scenario, 'inline');
}

/** @param {{ messages?: unknown }} body */
function countAssistantMessages(body) {
  return Array.isArray(body.messages)
    ? body.messages.filter((message) => message?.role === 'assistant').length
    : 0;
}

/**
 * Starts the server.
 * @param {import('./model-server.d.mts').ModelServerOptions} [options]
 * @returns {Promise<import('./model-server.d.mts').ModelServer>}
 */
export async function startModelServer(options = {}) {
  let current = await resolveScenario(options.scenario ?? { name: 'empty', turns: [] });
  /** @type {Map<string, Scenario>} */
  const named = new Map();
  const extra = Array.isArray(options.scenarios)
    ? options.scenarios
    : Object.entries(options.scenarios ?? {}).map(([name, scenario]) => ({ ...scenario, name }));
  for (const scenario of extra) named.set(scenario.name, checkScenario(scenario, scenario.name));
  /** Attempts seen per `<scenario>#<turn>`, for failFirst. */
  const attempts = new Map();
  /** @type {RecordedRequest[]} */
  const requests = [];
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent)
        sendJson(response, 500, { error: { message: String(error?.message ?? error) } });
      else response.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  async function handle(request, response) {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname.replace(/^\/v1/, '');
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    /** @type {RecordedRequest} */
    const record = {
      method: request.method ?? 'GET',
      path,
      headers: { ...request.headers },
      body,
      scenario: undefined,
      turnIndex: undefined,
    };
    requests.push(record);
    if (
      options.apiKey !== undefined &&
      request.headers.authorization !== `Bearer ${options.apiKey}`
    ) {
      return sendJson(response, 401, {
        error: {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        },
      });
    }
    if (request.method === 'GET' && path === '/models') {
      const ids = new Set([...(current.models ?? ['scripted-model']), ...named.keys()]);
      return sendJson(response, 200, {
        object: 'list',
        data: [...ids].map((id) => ({ id, object: 'model', created: 0, owned_by: 'scripted' })),
      });
    }
    if (request.method !== 'POST' || path !== '/chat/completions') {
      return sendJson(response, 404, { error: { message: `No route ${request.method} ${path}` } });
    }
    if (body === undefined)
      return sendJson(response, 400, { error: { message: 'The body is not JSON.' } });
    const scenario = named.get(body.model) ?? current;
    const assistantCount = countAssistantMessages(body);
    const turnIndex = scenario.repeatLastTurn
      ? Math.min(assistantCount, scenario.turns.length - 1)
      : assistantCount;
    record.scenario = scenario.name;
    record.turnIndex = turnIndex;
    const turn = scenario.policy
      ? await scenario.policy(body, { turnIndex: assistantCount })
      : scenario.turns[turnIndex];
    if (!turn) {
      return sendJson(response, 400, {
        error: {
          message: `Scenario "${scenario.name}" has no turn ${turnIndex}.`,
          type: 'scenario_exhausted',
        },
      });
    }
    const key = `${scenario.name}#${turnIndex}`;
    const attempt = attempts.get(key) ?? 0;
    attempts.set(key, attempt + 1);
    const failure = turn.failFirst?.[attempt] ?? turn.http;
    if (turn.firstByteDelayMs) await sleep(turn.firstByteDelayMs, request);
    if (failure) return sendError(response, failure);
    await streamTurn(turn, String(body.model ?? 'scripted-model'), request, response);
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const host = options.host ?? '127.0.0.1';
  return {
    baseUrl: `http://${host}:${address.port}/v1`,
    port: address.port,
    requests,
    async setScenario(scenario) {
      current = await resolveScenario(scenario);
      attempts.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}

/**
 * @param {ScenarioTurn} turn
 * @param {string} model
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 */
async function streamTurn(turn, model, request, response) {
  let isClosed = false;
  response.on('close', () => (isClosed = true));
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  response.flushHeaders();
  for (const write of planTurn(turn, model)) {
    if (isClosed) return;
    if (write.kind === 'delay') await sleep(write.ms, request);
    else if (write.kind === 'write') response.write(write.text);
    else if (write.kind === 'hang')
      return; // Left open; close() or the client ends it.
    else response.end();
  }
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {import('./model-server.d.mts').ScenarioHttpError} failure
 */
function sendError(response, failure) {
  const body =
    typeof failure.body === 'string'
      ? failure.body
      : JSON.stringify(failure.body ?? { error: { message: `HTTP ${failure.status}` } });
  response.writeHead(failure.status, {
    'content-type': typeof failure.body === 'string' ? 'text/plain' : 'application/json',
    ...failure.headers,
  });
  response.end(body);
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** @param {import('node:http').IncomingMessage} request */
async function readJson(request) {
  const pieces = [];
  let total = 0;
  for await (const piece of request) {
    total += piece.length;
    if (total > MAX_REQUEST_BYTES) throw new Error('Request body too large.');
    pieces.push(piece);
  }
  try {
    return JSON.parse(Buffer.concat(pieces).toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Waits, ending early when the client disconnects (so a hung test does not keep timers alive).
 * @param {number} ms
 * @param {import('node:http').IncomingMessage} request
 */
function sleep(ms, request) {
  return new Promise((resolve) => {
    const onClose = () => {
      clearTimeout(timer);
      resolve(undefined);
    };
    const timer = setTimeout(() => {
      request.socket.off('close', onClose);
      resolve(undefined);
    }, ms);
    request.socket.once('close', onClose);
  });
}
