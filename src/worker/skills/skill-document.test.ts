import { describe, expect, it } from 'vitest';
import { exportTool, lookupTool, manifestBlock, skillFile } from './__fixtures__/skill-files';
import { MAX_SKILL_FILE_CHARS, parseSkillDocument } from './skill-document';
import { MAX_SKILL_TOOLS } from './skill-manifest';

const refusalOf = (text: string) => {
  const parsed = parseSkillDocument(text);
  if (parsed.ok) throw new Error('expected a refusal');
  return parsed;
};

describe('parseSkillDocument', () => {
  it('reads the name, the instructions without fenced blocks and the manifest', () => {
    const parsed = parseSkillDocument(skillFile());
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.skill.name).toBe('Word helper');
    expect(parsed.skill.instructions).toBe(
      'When the person asks what a word means, call lookup_word first.\n\nAnswer in one short paragraph.',
    );
    expect(parsed.skill.manifest?.tools.map((tool) => [tool.kind, tool.name])).toEqual([
      ['http', 'lookup_word'],
      ['httpDownloadJob', 'export_report'],
    ]);
  });

  it('accepts instructions without a manifest', () => {
    const parsed = parseSkillDocument('# Tone\n\nWrite plainly.');
    expect(parsed.ok && parsed.skill.manifest).toBeNull();
  });

  it('refuses a huge file, a binary file and a file without a name or content', () => {
    expect(refusalOf(`# Big\n${'x'.repeat(MAX_SKILL_FILE_CHARS)}`).code).toBe('SKILL_TOO_LARGE');
    expect(refusalOf('# Bin\n\u0000\u0001').code).toBe('SKILL_INVALID');
    expect(refusalOf('no heading here').code).toBe('SKILL_INVALID');
    expect(refusalOf('# Empty\n').code).toBe('SKILL_INVALID');
  });

  it('refuses scripts: tags, javascript: links, event handlers and program blocks', () => {
    for (const text of [
      '# A\n<script>alert(1)</script>',
      '# A\n[x](javascript:alert(1))',
      '# A\n<img src=x onerror=alert(1)>',
      '# A\n```bash\nrm -rf ~\n```\nDo it.',
    ]) {
      const refusal = refusalOf(text);
      expect(refusal.code).toBe('SKILL_SCRIPT_REFUSED');
      expect(refusal.message).toMatch(/instructions and declared HTTP tools only/);
    }
  });

  it('refuses secrets with what kind they look like', () => {
    const refusal = refusalOf(
      '# Keys\nUse sk-proj-abcdefghijklmnopqrstuvwxyz0123456789 for calls.',
    );
    expect(refusal.code).toBe('SKILL_SECRET_REFUSED');
    expect(refusal.message).toMatch(/API key/);
  });

  it('refuses malformed, doubled and oversized manifests', () => {
    expect(refusalOf('# A\n```side-agent-tools\n{"version":1,\n```').code).toBe(
      'SKILL_MANIFEST_INVALID',
    );
    expect(
      refusalOf(`# A\n${manifestBlock([lookupTool])}\n${manifestBlock([exportTool])}`).message,
    ).toMatch(/at most one side-agent-tools block/);
    const many = Array.from({ length: 1_000 }, (_, index) => ({ name: `t_${index}` }));
    const compact = JSON.stringify({ version: 1, tools: many });
    const refusal = refusalOf(`# A\n\`\`\`side-agent-tools\n${compact}\n\`\`\``);
    expect(refusal.code).toBe('SKILL_TOO_MANY_TOOLS');
    expect(refusal.message).toContain(`1000 tools; a skill may declare at most ${MAX_SKILL_TOOLS}`);
  });

  it('refuses non-HTTPS endpoints, placeholders outside the path and unknown arguments', () => {
    const http = refusalOf(
      skillFile([{ ...lookupTool, endpoint: 'http://dictionary.example/api' }]),
    );
    expect(http).toMatchObject({ code: 'SKILL_ENDPOINT_REFUSED', path: 'tools.0.endpoint' });
    expect(refusalOf(skillFile([{ ...lookupTool, endpoint: 'ftp://x.example/' }])).code).toBe(
      'SKILL_ENDPOINT_REFUSED',
    );
    expect(
      refusalOf(skillFile([{ ...lookupTool, endpoint: 'https://{word}.example/api' }])).code,
    ).toBe('SKILL_ENDPOINT_REFUSED');
    expect(
      refusalOf(skillFile([{ ...lookupTool, endpoint: 'https://x.example/api?q={word}' }])).code,
    ).toBe('SKILL_ENDPOINT_REFUSED');
    expect(
      refusalOf(skillFile([{ ...lookupTool, endpoint: 'https://x.example/{nope}' }])).message,
    ).toMatch(/"nope" is not one of the tool's arguments/);
  });

  it('refuses duplicate tool names, bad names and unknown keys with their path', () => {
    expect(refusalOf(skillFile([lookupTool, lookupTool])).code).toBe('SKILL_TOOL_NAME_COLLISION');
    expect(refusalOf(skillFile([{ ...lookupTool, name: 'Bad-Name' }])).path).toBe('tools.0.name');
    expect(refusalOf(skillFile([{ ...lookupTool, credentials: 'include' }])).code).toBe(
      'SKILL_MANIFEST_INVALID',
    );
  });
});
