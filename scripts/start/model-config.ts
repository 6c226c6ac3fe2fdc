// Where `npm start` gets its model: --demo starts the scripted model server; else
// the SIDE_AGENT_* environment variables; else the user adds one in Settings.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { startModelServer } from '../../test/support/model-server/model-server.mjs';
import { REPO_ROOT } from '../../test/support/extension-browser';

export interface StartModel {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly modelId: string;
}

export function modelFromEnvironment(): StartModel | null {
  const baseUrl = process.env['SIDE_AGENT_BASE_URL'];
  const modelId = process.env['SIDE_AGENT_MODEL'];
  if (!baseUrl || !modelId) return null;
  return { baseUrl, modelId, apiKey: process.env['SIDE_AGENT_API_KEY'] ?? '' };
}

export async function startDemoModel(): Promise<{ model: StartModel; close(): Promise<void> }> {
  const demoScenario = path.join(REPO_ROOT, 'test/support/model-server/scenarios/demo.json');
  const server = await startModelServer({ scenario: existsSync(demoScenario) ? 'demo' : 'basic-tool-loop' });
  console.log(`Demo model server: ${server.baseUrl}`);
  return { model: { baseUrl: server.baseUrl, apiKey: 'demo', modelId: 'scripted-model' }, close: () => server.close() };
}
