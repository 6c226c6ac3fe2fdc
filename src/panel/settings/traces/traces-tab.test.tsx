import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../../shared/protocol/client';
import { defineRequestChannel } from '../../../shared/protocol/define-channel';
import { traceRequestMethods } from '../../../shared/protocol/trace-messages';
import { DEFAULT_TRACE_SETTINGS } from '../../../shared/protocol/trace-records';
import { button, click, mount, settle, typeInto } from '../__fixtures__/dom';
import { readLimit, TracesTab } from './traces-tab';

afterEach(() => {
  document.body.innerHTML = '';
});

const channel = defineRequestChannel('panel-to-worker', ['extension-page'], traceRequestMethods);

function tracesClient() {
  const saved: unknown[] = [];
  const client = createClient(channel, {
    async send(envelope) {
      if (envelope.type === 'traces/save-settings') {
        saved.push(envelope.payload);
        return { ok: true, data: envelope.payload } as never;
      }
      return {
        ok: true,
        data: { runs: [], totalBytes: 0, settings: { ...DEFAULT_TRACE_SETTINGS, maxRuns: 50 } },
      } as never;
    },
  });
  return { client, saved };
}

const field = (root: Element, testId: string) => root.querySelector(`[data-testid="${testId}"]`);

describe('Settings → Traces limits', () => {
  it('keeps what was typed, refuses it in words and saves nothing', async () => {
    const { client, saved } = tracesClient();
    const root = mount(<TracesTab client={client} />);
    await settle();
    expect((field(root, 'traces-max-runs') as HTMLInputElement).value).toBe('50');
    typeInto(field(root, 'traces-max-runs'), '12abc');
    click(button(root, 'Save'));
    await settle();
    expect(saved).toEqual([]);
    expect((field(root, 'traces-max-runs') as HTMLInputElement).value).toBe('12abc');
    expect(root.textContent).toContain('Runs kept must be a whole number from 1 to 1,000.');
    expect(field(root, 'traces-max-runs')?.getAttribute('aria-invalid')).toBe('true');
  });

  it('saves whole numbers in range', async () => {
    const { client, saved } = tracesClient();
    const root = mount(<TracesTab client={client} />);
    await settle();
    typeInto(field(root, 'traces-max-megabytes'), ' 75 ');
    click(button(root, 'Save'));
    await settle();
    expect(saved).toEqual([{ ...DEFAULT_TRACE_SETTINGS, maxRuns: 50, maxMegabytes: 75 }]);
  });

  it('reads each limit within its bounds', () => {
    expect(readLimit('maxRuns', '1000')).toBe(1_000);
    expect(typeof readLimit('maxRuns', '1001')).toBe('string');
    expect(typeof readLimit('maxMegabytes', '0')).toBe('string');
    expect(typeof readLimit('maxMegabytes', '2.5')).toBe('string');
    expect(typeof readLimit('maxMegabytes', '')).toBe('string');
  });
});
