import { describe, expect, it } from 'vitest';
import { classifySender } from './classify-sender';

// The edges of each rule of the classifier: origins with and without a trailing
// slash, a tab without a URL, and exactly which subframe documents count.
const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}`;

describe('classifySender at its boundaries', () => {
  it('reads the extension origin the same with or without a trailing slash', () => {
    const panel = { id: ID, url: `${ORIGIN}/sidepanel.html` };
    expect(classifySender(panel, ID, `${ORIGIN}/`)).toEqual({ senderClass: 'extension-page' });
    expect(classifySender(panel, ID, ORIGIN)).toEqual({ senderClass: 'extension-page' });
    // A longer origin that merely starts with ours is not ours.
    const lookalike = { id: ID, url: `${ORIGIN}x/sidepanel.html`, frameId: 0, tab: { id: 1 } };
    expect(classifySender(lookalike, ID, ORIGIN)).toBeNull();
    expect(classifySender(lookalike, ID, `${ORIGIN}/`)).toBeNull();
  });

  it('refuses a sender without an extension id, or without a URL', () => {
    expect(classifySender({ url: `${ORIGIN}/sidepanel.html` }, ID, ORIGIN)).toBeNull();
    expect(classifySender({ id: ID }, ID, ORIGIN)).toBeNull();
    expect(classifySender({ id: ID, frameId: 0, tab: { id: 3 } }, ID, ORIGIN)).toBeNull();
  });

  it('uses the frame URL for a top frame whose tab has no URL yet', () => {
    const sender = { id: ID, url: 'https://typst.app/project/a', frameId: 0, tab: { id: 3 } };
    expect(classifySender(sender, ID, ORIGIN)).toEqual({
      senderClass: 'content-script',
      tabId: 3,
      frameId: 0,
    });
  });

  it('refuses a subframe whose tab has no URL: the frame cannot speak for its tab', () => {
    const sender = { id: ID, url: 'https://news.test/frame', frameId: 2, tab: { id: 3 } };
    expect(classifySender(sender, ID, ORIGIN)).toBeNull();
  });

  it('refuses a negative frame id even on a site that works across frames', () => {
    // No real frame has a negative id; one here is a forged or broken sender.
    const url = 'https://news.test/';
    for (const frameId of [-1, -2]) {
      const sender = { id: ID, url, frameId, tab: { id: 3, url } };
      expect(classifySender(sender, ID, ORIGIN), String(frameId)).toBeNull();
    }
  });

  it('refuses a sender without a tab id or frame id', () => {
    const url = 'https://news.test/';
    expect(classifySender({ id: ID, url, frameId: 0, tab: { url } }, ID, ORIGIN)).toBeNull();
    expect(classifySender({ id: ID, url, tab: { id: 3, url } }, ID, ORIGIN)).toBeNull();
  });

  it('takes exactly http(s) pages, about:blank and about:srcdoc as subframes of a frame-crossing site', () => {
    const frame = (url: string) =>
      classifySender(
        { id: ID, url, frameId: 7, tab: { id: 3, url: 'https://news.test/' } },
        ID,
        ORIGIN,
      );
    for (const url of ['http://ads.test/x', 'https://ads.test/x', 'about:blank', 'about:srcdoc']) {
      expect(frame(url), url).toEqual({ senderClass: 'content-script', tabId: 3, frameId: 7 });
    }
    for (const url of [
      'about:blank#x',
      'about:srcdocs',
      'xabout:blank',
      'blob:https://ads.test/1234',
      'data:text/html,https:',
      'file:///etc/passwd',
      'chrome-extension://other/page.html',
      'httpx://ads.test/',
    ]) {
      expect(frame(url), url).toBeNull();
    }
  });

  it('refuses a top frame whose own URL the site serving its tab does not match', () => {
    const sender = {
      id: ID,
      url: 'chrome://settings/',
      frameId: 0,
      tab: { id: 3, url: 'https://news.test/' },
    };
    expect(classifySender(sender, ID, ORIGIN)).toBeNull();
  });
});
