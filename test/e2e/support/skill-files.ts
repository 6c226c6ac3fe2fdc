// The skill files web-skills.e2e.ts imports: a good one with an HTTP tool and a
// download job on a local host, and one whose endpoint is not HTTPS.

export const API_HOST = 'api.wordbook.example';
/** The packaged Public holidays skill's endpoint, served locally. */
export const HOLIDAYS_HOST = 'date.nager.at';
export const MANIFEST = {
  version: 1,
  tools: [
    {
      kind: 'http',
      name: 'lookup_word',
      description: 'Look up the meaning of an English word.',
      method: 'GET',
      endpoint: `https://${API_HOST}/define/{word}`,
      arguments: {
        type: 'object',
        properties: { word: { type: 'string', maxLength: 40 } },
        required: ['word'],
        additionalProperties: false,
      },
    },
    {
      kind: 'httpDownloadJob',
      name: 'export_wordlist',
      description: 'Export the looked-up words as a file.',
      endpoint: `https://${API_HOST}/exports`,
      arguments: { type: 'object', properties: {} },
    },
  ],
};
const fence = (manifest: unknown) =>
  ['```side-agent-tools', JSON.stringify(manifest, null, 2), '```'].join('\n');
export const SKILL = [
  '# Wordbook',
  '',
  'Look words up with lookup_word before explaining them.',
  '',
  fence(MANIFEST),
].join('\n');
export const HTTP_SKILL = [
  '# Cleartext',
  '',
  fence({
    version: 1,
    tools: [{ ...MANIFEST.tools[0], name: 'clear_lookup', endpoint: 'http://plain.example/x' }],
  }),
].join('\n');
