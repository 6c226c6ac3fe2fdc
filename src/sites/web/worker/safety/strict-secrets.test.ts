import { describe, expect, it } from 'vitest';
import { z } from '../../../../shared/schema/zod';
import {
  defineTool,
  type ToolOutcome,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { redactOutcome, strictSecrets } from './strict-secrets';

const KEY = 'sk-proj-T3stK3yAbCdEfGhIjKlMnOpQrStUv012345';
// A card number the page printed in four spans: the tree joins them in one text run.
const TREE = `- paragraph "Card on file: 4111 1111 1111 1111"\n- paragraph "Key: ${KEY}"`;
const IMAGE = 'AKIAIOSFODNN7EXAMPLEAKIAIOSFODNN7EXAMPLE';

const pageTool = (outcome: ToolOutcome) =>
  defineTool({
    name: 'read_probe',
    description: 'Reads the probe.',
    arguments: z.strictObject({}),
    effect: 'read',
    approval: 'automatic',
    execute: () => Promise.resolve(outcome),
  });

const context = (strictSecretMode: boolean | undefined) =>
  ({ ...(strictSecretMode === undefined ? {} : { strictSecretMode }) }) as ToolRunContext;

const treeOutcome: ToolOutcome = {
  ok: true,
  result: { tree: TREE, nested: [{ text: `api: ${KEY}` }], images: [{ base64: IMAGE }] },
  summary: `Read the page (${KEY.slice(0, 6)}).`,
};

describe('strictSecrets', () => {
  it('replaces credential-like page text by markers while the mode is on', async () => {
    const outcome = await strictSecrets(pageTool(treeOutcome)).execute({}, context(true));
    const text = JSON.stringify(outcome);
    expect(text).not.toContain('4111 1111 1111 1111');
    expect(text).not.toContain(KEY);
    expect(text).toContain('[secret withheld: card-number]');
    expect(text).toContain('[secret withheld: api-key]');
    // Images are not text: their base64 stays as it is.
    expect(text).toContain(IMAGE);
  });

  it('passes results through unchanged while the mode is off', async () => {
    for (const mode of [false, undefined]) {
      const outcome = await strictSecrets(pageTool(treeOutcome)).execute({}, context(mode));
      expect(outcome).toEqual(treeOutcome);
    }
  });

  it('redacts a failure that quotes the page', () => {
    const { outcome, count } = redactOutcome({
      ok: false,
      code: 'TOOL_FAILED',
      message: `No element named "IBAN DE89 3704 0044 0532 0130 00".`,
      details: { seen: 'password: hunter2' },
      summary: 'Not found',
    });
    expect(count).toBe(2);
    expect(JSON.stringify(outcome)).not.toMatch(/DE89|hunter2/);
    expect(outcome.ok).toBe(false);
  });
});
