#!/usr/bin/env node
// Runs the scripted model server from a shell or a plain node script:
//   node test/support/model-server/cli.mjs --scenario demo [--port 8787] [--api-key KEY]
// Prints the base URL on stdout and serves until interrupted.
import { parseArgs } from 'node:util';
import { startModelServer } from './model-server.mjs';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'basic-tool-loop' },
    port: { type: 'string', default: '0' },
    'api-key': { type: 'string' },
  },
});
/** @type {import('./model-server.d.mts').ModelServerOptions} */
const options = { scenario: values.scenario, port: Number(values.port) };
if (values['api-key'] !== undefined) options.apiKey = values['api-key'];
const server = await startModelServer(options);
console.log(`Scripted model server (scenario "${values.scenario}") at ${server.baseUrl}`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
