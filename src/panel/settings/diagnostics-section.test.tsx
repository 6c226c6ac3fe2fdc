import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../../shared/protocol/client';
import { defineRequestChannel } from '../../shared/protocol/define-channel';
import { diagnosticsRequestMethods } from '../../shared/protocol/diagnostics-messages';
import { button, click, mount, settle } from './__fixtures__/dom';
import { DiagnosticsSection, sizeWords } from './diagnostics-section';
import { formatError } from './form-field';

afterEach(() => {
  document.body.innerHTML = '';
});

const channel = defineRequestChannel(
  'panel-to-worker',
  ['extension-page'],
  diagnosticsRequestMethods,
);

function clientAnswering(answer: () => unknown) {
  const sent: string[] = [];
  const client = createClient(channel, {
    async send(envelope) {
      sent.push(envelope.type);
      return answer() as never;
    },
  });
  return { client, sent };
}

const REPORT = `# Side Agent diagnostics\n\n- Version: 1.2.3\n${'x'.repeat(3_000)}`;

describe('Copy diagnostics', () => {
  it('copies the worker report and says it was copied, its size and what was left out', async () => {
    const { client, sent } = clientAnswering(() => ({
      ok: true,
      data: { text: REPORT, exchanges: 3, cut: ['the 2 oldest of 5 model exchanges'] },
    }));
    const writeClipboard = vi.fn(async (_text: string) => undefined);
    const root = mount(<DiagnosticsSection client={client} writeClipboard={writeClipboard} />);
    expect(root.querySelector('[data-testid="diagnostics-status"]')?.textContent).toBe('');
    click(button(root, 'Copy diagnostics'));
    await settle();
    expect(sent).toEqual(['diagnostics/report']);
    expect(writeClipboard).toHaveBeenCalledWith(REPORT);
    expect(root.querySelector('[data-testid="diagnostics-status"]')?.textContent).toBe(
      `Copied: ${sizeWords(REPORT)}, 3 model exchanges. Left out: the 2 oldest of 5 model exchanges.`,
    );
    const preview = root.querySelector('[data-testid="diagnostics-preview"]')?.textContent ?? '';
    expect(preview.startsWith('# Side Agent diagnostics')).toBe(true);
    expect(preview.length).toBeLessThan(REPORT.length);
  });

  it('says so in plain words when the worker or the clipboard fails, copying nothing', async () => {
    const { client } = clientAnswering(() => ({
      ok: false,
      error: { code: 'HANDLER_FAILED', message: 'The worker could not build it.' },
    }));
    const writeClipboard = vi.fn(async (_text: string) => undefined);
    const root = mount(<DiagnosticsSection client={client} writeClipboard={writeClipboard} />);
    click(button(root, 'Copy diagnostics'));
    await settle();
    expect(writeClipboard).not.toHaveBeenCalled();
    const words = root.querySelector('[data-testid="diagnostics-status"]')?.textContent ?? '';
    expect(words).toBe(
      formatError({ code: 'HANDLER_FAILED', message: 'The worker could not build it.' }),
    );
    expect(words.length).toBeGreaterThan(10);

    document.body.innerHTML = '';
    const ok = clientAnswering(() => ({ ok: true, data: { text: 'r', exchanges: 0, cut: [] } }));
    const refused = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    const again = mount(<DiagnosticsSection client={ok.client} writeClipboard={refused} />);
    click(button(again, 'Copy diagnostics'));
    await settle();
    expect(again.querySelector('[data-testid="diagnostics-status"]')?.textContent).toBe(
      'The browser did not let Side Agent write to the clipboard. Try again.',
    );
    expect(again.querySelector('[data-testid="diagnostics-preview"]')).toBeNull();
  });

  it('gives sizes in bytes, then kilobytes', () => {
    expect(sizeWords('abc')).toBe('3 bytes');
    expect(sizeWords('x'.repeat(2_048))).toBe('2.0 KB');
  });
});
