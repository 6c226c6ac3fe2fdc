// ## Owns
// Asking the browser which of a tab's frames run our relay and what each calls its
// document: one script in every frame of the tab, in the content scripts' own world,
// reads the frame link the relay left there. Frames without our relay (origins the
// person did not allow) answer nothing and are left out.
import type { FrameReport } from '../pages/frame-directory';

/** Must equal FRAME_LINK_GLOBAL in src/page/isolated/frame-link.ts (a Symbol.for key). */
const FRAME_LINK_KEY = 'side-agent.frame-link';
const ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function discoverFrames(tabId: number): Promise<FrameReport[]> {
  let results: chrome.scripting.InjectionResult<unknown>[];
  try {
    results = await chrome.scripting.executeScript({
      target: { tabId, allFrames: true },
      args: [FRAME_LINK_KEY],
      func: (key: string) => {
        const link = (globalThis as Record<symbol, unknown>)[Symbol.for(key)] as
          { documentId?: unknown; token?: unknown } | undefined;
        if (!link) return null;
        return { documentId: link.documentId, token: link.token, url: location.href };
      },
    });
  } catch {
    return [];
  }
  const reports: FrameReport[] = [];
  for (const result of results) {
    const value = result.result as { documentId?: unknown; token?: unknown; url?: unknown } | null;
    if (!value || typeof result.frameId !== 'number') continue;
    const { documentId, token, url } = value;
    if (typeof documentId !== 'string' || !ID.test(documentId)) continue;
    reports.push({
      frameId: result.frameId,
      documentId,
      linkToken: typeof token === 'string' && ID.test(token) ? token : null,
      url: typeof url === 'string' ? url.slice(0, 2_048) : '',
    });
  }
  return reports;
}
