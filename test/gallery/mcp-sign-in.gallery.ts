// The in-run sign-in card: a run's MCP call met an expired grant (401) and the
// panel asks the person to sign in to the server, or skip.
import { afterAll, beforeAll, describe, it } from 'vitest';
import { shootPanel } from '../support/gallery';
import {
  startSignInBrowser,
  visibleToolName,
  type SignInBrowser,
} from '../support/mcp/sign-in-browser';

let browser: SignInBrowser;

beforeAll(async () => {
  browser = await startSignInBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe('MCP sign-in gallery', () => {
  it('the sign-in card under a run whose call needs a sign-in', async () => {
    const server = 'Company files';
    const id = await browser.addServer(server);
    await browser.signInFromSettings(server);
    browser.peer.revokeAll();
    const name = await visibleToolName(id, server);
    await browser.freshChat({
      name: 'whoami',
      turns: [
        {
          steps: [
            { text: 'I will ask the file server who you are.' },
            { toolCall: { id: 'call_whoami', name, arguments: {} } },
          ],
        },
        { steps: [{ text: 'Done.' }] },
      ],
    });
    await browser.send('Who am I on the company file server?');
    const approval = browser.panel.getByTestId('approval');
    await approval.waitFor({ timeout: 20_000 });
    await approval.getByTestId('approve-once').click();
    await browser.panel.getByTestId('integration-sign-in').waitFor({ timeout: 20_000 });
    await shootPanel(browser.panel, 'mcp-sign-in-card');
  });
});
