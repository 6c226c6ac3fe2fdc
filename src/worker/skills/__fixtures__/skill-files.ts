// Skill files the skill tests read: one good file and builders for bad ones.

/** A manifest block with the given tools. */
export const manifestBlock = (tools: unknown[]): string =>
  ['```side-agent-tools', JSON.stringify({ version: 1, tools }, null, 2), '```'].join('\n');

export const lookupTool = {
  kind: 'http',
  name: 'lookup_word',
  description: 'Look up the definition of an English word.',
  method: 'GET',
  endpoint: 'https://dictionary.example/api/{word}',
  arguments: {
    type: 'object',
    properties: { word: { type: 'string', maxLength: 64 }, lang: { type: 'string' } },
    required: ['word'],
  },
};

export const exportTool = {
  kind: 'httpDownloadJob',
  name: 'export_report',
  description: 'Render the report as a PDF and save it.',
  endpoint: 'https://reports.example/jobs',
  arguments: { type: 'object', properties: { title: { type: 'string' } } },
  pollIntervalMs: 250,
  timeoutMs: 5_000,
};

export const skillFile = (tools: unknown[] = [lookupTool, exportTool], name = 'Word helper') =>
  [
    `# ${name}`,
    '',
    'When the person asks what a word means, call lookup_word first.',
    '',
    '```text',
    'an example block that is not sent to the model',
    '```',
    '',
    manifestBlock(tools),
    '',
    'Answer in one short paragraph.',
  ].join('\n');
