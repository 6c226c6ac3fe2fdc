import { describe, expect, it } from 'vitest';
import { classifySender } from './classify-sender';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}`;
const contentScript = (url: string, frameId: number, tabUrl: string | undefined = url) => ({
  id: ID,
  url,
  frameId,
  tab: { id: 4, ...(tabUrl !== undefined ? { url: tabUrl } : {}) },
});

describe('classifySender', () => {
  it('classifies our side panel as an extension page', () => {
    expect(classifySender({ id: ID, url: `${ORIGIN}/sidepanel.html` }, ID, ORIGIN)).toEqual({
      senderClass: 'extension-page',
    });
  });

  it('classifies the panel page hosted in a tab as an extension page', () => {
    const sender = {
      id: ID,
      url: `${ORIGIN}/sidepanel.html?tabId=3`,
      frameId: 0,
      tab: { id: 9, url: `${ORIGIN}/sidepanel.html` },
    };
    expect(classifySender(sender, ID, ORIGIN)).toEqual({ senderClass: 'extension-page' });
  });

  it('classifies a top-frame content script of a registered site with its tab and frame', () => {
    expect(classifySender(contentScript('https://typst.app/project/abc', 0), ID, ORIGIN)).toEqual({
      senderClass: 'content-script',
      tabId: 4,
      frameId: 0,
    });
    expect(classifySender(contentScript('https://example.com/', 0), ID, ORIGIN)).toEqual({
      senderClass: 'content-script',
      tabId: 4,
      frameId: 0,
    });
  });

  it('takes a subframe only when the site serving the tab works across frames', () => {
    // The typst site runs in the top frame only; the web site in every frame.
    expect(
      classifySender(contentScript('https://typst.app/p', 2, 'https://typst.app/p'), ID, ORIGIN),
    ).toBeNull();
    expect(
      classifySender(contentScript('https://ads.test/frame', 3, 'https://typst.app/p'), ID, ORIGIN),
    ).toBeNull();
    expect(
      classifySender(contentScript('https://other.test/x', 3, 'https://news.test/'), ID, ORIGIN),
    ).toEqual({ senderClass: 'content-script', tabId: 4, frameId: 3 });
    expect(
      classifySender(contentScript('about:srcdoc', 5, 'https://news.test/'), ID, ORIGIN),
    ).toEqual({ senderClass: 'content-script', tabId: 4, frameId: 5 });
    expect(
      classifySender(contentScript('javascript:alert(1)', 5, 'https://news.test/'), ID, ORIGIN),
    ).toBeNull();
  });

  it('refuses other extensions, pages no site serves, a top frame the tab disagrees with, and missing tabs', () => {
    expect(classifySender({ id: 'other', url: `${ORIGIN}/x.html` }, ID, ORIGIN)).toBeNull();
    expect(classifySender(contentScript('chrome://settings/', 0), ID, ORIGIN)).toBeNull();
    expect(classifySender(contentScript('file:///etc/passwd', 0), ID, ORIGIN)).toBeNull();
    // The frame claims typst.app while the tab shows another site: the tab's site decides.
    expect(
      classifySender(contentScript('https://typst.app/p', 0, 'chrome://newtab/'), ID, ORIGIN),
    ).toBeNull();
    expect(classifySender({ id: ID, url: `${ORIGIN}evil/x.html` }, ID, ORIGIN)).toBeNull();
    expect(
      classifySender({ id: ID, url: 'https://typst.app/p', frameId: 0 }, ID, ORIGIN),
    ).toBeNull();
    expect(classifySender(contentScript('https://typst.app/p', -1), ID, ORIGIN)).toBeNull();
  });
});
