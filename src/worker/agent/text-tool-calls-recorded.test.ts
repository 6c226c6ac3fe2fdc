// Every recorded model reply through the parser with the recordings' tool list:
// each becomes exactly the calls it carries (and leaves exactly its prose), or
// stays text.
import { describe, expect, it } from 'vitest';
import { RECORDED_SAMPLES, RECORDED_TOOLS } from './__fixtures__/recorded-tool-call-outputs';
import { recoverTextToolCalls } from './text-tool-calls';
import { expectRecoveredCalls } from './__fixtures__/expect-recovered';

const calling = RECORDED_SAMPLES.filter((sample) => sample.calls !== null);
const staying = RECORDED_SAMPLES.filter((sample) => sample.calls === null);

describe('recoverTextToolCalls on recorded replies', () => {
  it('covers at least 40 replies from at least 10 model families, with provenance', () => {
    expect(RECORDED_SAMPLES.length).toBeGreaterThanOrEqual(40);
    expect(
      new Set(RECORDED_SAMPLES.map((sample) => sample.family.split(' (')[0])).size,
    ).toBeGreaterThanOrEqual(10);
    for (const sample of RECORDED_SAMPLES) {
      expect(sample.source.length, sample.reply).toBeGreaterThan(0);
      expect(sample.licence.length, sample.reply).toBeGreaterThan(0);
    }
  });

  it.each(calling)('reads the $family reply from $source', ({ reply, calls, rest }) => {
    expectRecoveredCalls(reply, RECORDED_TOOLS, 'rec', calls ?? [], rest);
  });

  it.each(staying)('leaves the $family reply from $source as text ($note)', ({ reply }) => {
    expect(recoverTextToolCalls(reply, RECORDED_TOOLS, 'rec')).toBeNull();
  });

  it('reads a call only when it names its arguments, even a tool that takes none', () => {
    const named = '{"name": "getOpenIncidentsTool", "parameters": {}}';
    expect(recoverTextToolCalls(named, RECORDED_TOOLS, 'rec')?.calls).toHaveLength(1);
    expect(
      recoverTextToolCalls('{"name": "getOpenIncidentsTool"}', RECORDED_TOOLS, 'rec'),
    ).toBeNull();
  });
});
