// The file tools through the built extension in real Chromium: a scripted model
// reads a PDF the run's own site serves (read_pdf, no card: it is the tab's site),
// and what reaches the model server is the PDF's page text, with hasExtractableText;
// download_files without the Downloads permission is refused with its code and
// fetches nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../src/sites/web/worker/files/__fixtures__/make-pdf';
import { runTools } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'shop.example';
const PAGE =
  '<!doctype html><title>Orders</title><h1>Your orders</h1><a href="/invoice.pdf">Invoice</a>';
const INVOICE = Buffer.from(makePdf([{ lines: ['Invoice 2026-031', 'Total due: 129.00 EUR'] }]));
// The person's words mention a PDF, so the run is offered the file tools.
const PROMPT = 'What is the total of the invoice PDF?';

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig(
    {
      [HOST]: {
        '/': PAGE,
        '/invoice.pdf': { type: 'application/pdf', body: INVOICE },
        '/notes.txt': { type: 'text/plain', body: 'Order 42: two blue mugs' },
      },
    },
    HOST,
  );
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

const runContext = () => ({ driver: rig.driver, models: rig.models, modelId: rig.modelId });

describe('read_pdf in a run', () => {
  it('reads a PDF of the run’s site and the model receives its page text', async () => {
    const cards: Record<string, unknown>[] = [];
    const outcome = await runTools(
      runContext(),
      [
        {
          name: 'read_pdf',
          arguments: { url: `https://${HOST}/invoice.pdf` },
          onPending: async (pending) => {
            cards.push(pending);
            return 'deny';
          },
        },
      ],
      { agentMode: 'ask', prompt: PROMPT },
    );
    expect(cards).toEqual([]);
    expect(outcome.results[0]).toMatchObject({
      ok: true,
      result: {
        pageCount: 1,
        hasExtractableText: true,
        untrusted_page_content: {
          source: `https://${HOST}/invoice.pdf`,
          content: [{ page: 1, text: expect.stringContaining('Total due: 129.00 EUR') }],
        },
      },
    });
    expect(rig.pages.requests).toContain(`${HOST} /invoice.pdf`);
  });
});

describe('download_files in a run', () => {
  it('is refused with DOWNLOAD_NOT_ALLOWED while the person has not allowed saving files', async () => {
    const outcome = await runTools(
      runContext(),
      [{ name: 'download_files', arguments: { urls: [`https://${HOST}/notes.txt`] } }],
      { agentMode: 'act', prompt: 'Download the order notes file.' },
    );
    expect(outcome.results[0]).toMatchObject({ ok: false, code: 'DOWNLOAD_NOT_ALLOWED' });
    expect(rig.pages.requests).not.toContain(`${HOST} /notes.txt`);
  });
});
