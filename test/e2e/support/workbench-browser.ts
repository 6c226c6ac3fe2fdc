// Launches headless Debian Chromium on the workbench served as https://typst.app. Every
// other host resolves to nothing (MAP * ~NOTFOUND), so a stray request fails fast instead of
// reaching the network, and every request the page makes is recorded for the origin check.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';
import { makeSelfSignedCert } from '../../../workbench/cert.mjs';
import { startWorkbench } from '../../../workbench/server.mjs';
import type { RunningWorkbench, StartWorkbenchOptions } from '../../../workbench/server.mjs';
import type { WorkbenchControls } from '../../../workbench/src/test-controls';

declare global {
  interface Window {
    /** The workbench's test controls (workbench/src/test-controls.ts); tests only. */
    __workbench: WorkbenchControls;
  }
}

export const TYPST_ORIGIN = 'https://typst.app';

export interface WorkbenchBrowser {
  context: BrowserContext;
  workbench: RunningWorkbench;
  /** Every request URL any page in the context made, in order. */
  requests: string[];
  /** Opens https://typst.app/project/<id> and waits for the first compile to render. */
  openProject(id?: string, query?: string): Promise<Page>;
  close(): Promise<void>;
}

export async function launchWorkbenchBrowser(
  options: Pick<StartWorkbenchOptions, 'cmVariant'> = {},
): Promise<WorkbenchBrowser> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'workbench-e2e-'));
  const workbench = await startWorkbench({
    https: makeSelfSignedCert(path.join(tmp, 'cert')),
    ...options,
  });
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
      executablePath: '/usr/bin/chromium',
      headless: true,
      ignoreHTTPSErrors: true,
      viewport: { width: 1280, height: 800 },
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--host-resolver-rules=MAP typst.app 127.0.0.1:${workbench.port}, MAP * ~NOTFOUND`,
        '--ignore-certificate-errors',
      ],
    });
  } catch (error) {
    await workbench.close();
    fs.rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  return {
    context,
    workbench,
    requests,
    async openProject(id = 'thesis', query = '') {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${TYPST_ORIGIN}/project/${id}${query}`);
      await page.waitForFunction(() => '__workbench' in window);
      await page.evaluate(() => window.__workbench.ready);
      return page;
    },
    async close() {
      await context.close().catch(() => {});
      await workbench.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
