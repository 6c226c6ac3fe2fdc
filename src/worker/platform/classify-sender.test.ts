import { describe, expect, it } from 'vitest';
import { classifySender } from './classify-sender';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}`;

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

  it('classifies the top-frame content script on typst.app with its tab', () => {
    const sender = {
      id: ID,
      url: 'https://typst.app/project/abc',
      frameId: 0,
      tab: { id: 4, url: 'https://typst.app/project/abc' },
    };
    expect(classifySender(sender, ID, ORIGIN)).toEqual({ senderClass: 'content-script', tabId: 4 });
  });

  it('refuses other extensions, subframes, other sites and look-alike origins', () => {
    expect(classifySender({ id: 'other', url: `${ORIGIN}/x.html` }, ID, ORIGIN)).toBeNull();
    expect(
      classifySender(
        {
          id: ID,
          url: 'https://typst.app/p',
          frameId: 2,
          tab: { id: 1, url: 'https://typst.app/p' },
        },
        ID,
        ORIGIN,
      ),
    ).toBeNull();
    expect(
      classifySender(
        {
          id: ID,
          url: 'https://example.com/',
          frameId: 0,
          tab: { id: 1, url: 'https://example.com/' },
        },
        ID,
        ORIGIN,
      ),
    ).toBeNull();
    expect(
      classifySender(
        { id: ID, url: 'https://typst.app.evil.test/', frameId: 0, tab: { id: 1 } },
        ID,
        ORIGIN,
      ),
    ).toBeNull();
    expect(classifySender({ id: ID, url: `${ORIGIN}evil/x.html` }, ID, ORIGIN)).toBeNull();
    expect(
      classifySender({ id: ID, url: 'https://typst.app/p', frameId: 0 }, ID, ORIGIN),
    ).toBeNull();
  });
});
