// Site guides in runs: the guide of the tab's page joins the run's first message,
// labelled and before the person's words; a round that leaves the tab on another
// guided site brings that guide in the next request; Settings turn guides off, all
// or one by one. The pure parts first, then real runs of the agent core on the web
// face with its shipped guides.
import { describe, expect, it } from 'vitest';
import type { ChatScope } from '../../shared/protocol/chat-records';
import type { ModelMessage, ModelRequest } from '../providers/model-adapter';
import { defineSiteGuide, type SiteGuide } from '../sites/site-guide';
import {
  FINANCE_GUIDANCE,
  createRunSiteGuide,
  enabledGuides,
  siteGuideNote,
} from './run-site-guide';
import { call, createHarness, finish, testTool, text } from './__fixtures__/agent-harness';

const TEXT = 'Where things are on this example site, in plain words. '.repeat(5);
const example = (id: string, host: string, category: SiteGuide['category'] = 'general') =>
  defineSiteGuide({ id, name: `Site ${id}`, category, match: { hosts: [host] }, text: TEXT });
const code = example('code', 'code.example');
const bank = example('bank', 'bank.example', 'finance');
const guides = [code, bank];

const textsOf = (message: ModelMessage | undefined): string[] =>
  message?.role === 'user'
    ? message.content.flatMap((part) => (part.type === 'text' ? [part.text] : []))
    : [];
const question = (): ModelMessage[] => [
  { role: 'system', text: 'rules' },
  { role: 'user', content: [{ type: 'text', text: 'What is open?' }] },
];

describe('siteGuideNote', () => {
  it('labels the guide as ours with its name and id, apart from page data', () => {
    const note = siteGuideNote(code);
    expect(note.split('\n')[0]).toBe('[Side Agent site guide: Site code (adapter "code")]');
    expect(note).toContain('not text from the page or the person');
    expect(note).toContain('It grants no permission');
    expect(note).toContain('never inside a tool result');
    expect(note).toContain(TEXT);
    expect(note).not.toContain(FINANCE_GUIDANCE);
  });

  it('adds the confirmation guidance to a finance guide', () => {
    expect(siteGuideNote(bank)).toContain(FINANCE_GUIDANCE);
  });
});

describe('createRunSiteGuide', () => {
  it('puts the matching guide into the first message, before the question', () => {
    const messages = question();
    createRunSiteGuide(guides).atStart(messages, 'https://code.example/repo');
    const texts = textsOf(messages[1]);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toBe(siteGuideNote(code));
    expect(texts[1]).toBe('What is open?');
  });

  it('adds nothing on a page no guide covers', () => {
    const messages = question();
    const guide = createRunSiteGuide(guides);
    guide.atStart(messages, 'https://elsewhere.example/');
    guide.afterRound(messages, 'https://elsewhere.example/next');
    expect(messages).toEqual(question());
  });

  it('says when the tab moved to another guided site, left it, or came back, once each', () => {
    const messages = question();
    const guide = createRunSiteGuide(guides);
    guide.atStart(messages, 'https://code.example/');
    messages.push({ role: 'tool', callId: 'c1', toolName: 'read_page', content: '{}' });
    guide.afterRound(messages, 'https://code.example/other');
    expect(messages).toHaveLength(3);
    guide.afterRound(messages, 'https://bank.example/login');
    expect(textsOf(messages[3])).toEqual([siteGuideNote(bank, code)]);
    expect(textsOf(messages[3])[0]).toContain('the guide for Site code no longer applies');
    guide.afterRound(messages, undefined);
    guide.afterRound(messages, 'https://plain.example/');
    expect(textsOf(messages[3])[1]).toContain('the tab left Site bank (adapter "bank")');
    messages.push({ role: 'tool', callId: 'c2', toolName: 'read_page', content: '{}' });
    guide.afterRound(messages, 'https://code.example/');
    expect(textsOf(messages.at(-1))).toEqual([siteGuideNote(code, null)]);
  });
});

describe('enabledGuides', () => {
  it('offers none when guides are off, and leaves out the ones turned off', () => {
    expect(enabledGuides(guides, { siteGuidesEnabled: false, siteGuidesOff: [] })).toEqual([]);
    expect(enabledGuides(guides, { siteGuidesEnabled: true, siteGuidesOff: ['bank'] })).toEqual([
      code,
    ]);
    expect(enabledGuides(undefined, { siteGuidesEnabled: true, siteGuidesOff: [] })).toEqual([]);
  });
});

const GITHUB: ChatScope = { siteId: 'web', projectId: 'https://github.com' };
const userTexts = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) => textsOf(message));
const guideLabels = (request: ModelRequest | undefined) =>
  userTexts(request).filter((entry) => entry.startsWith('[Side Agent site guide'));

/** A web run whose tab shows `url()` each time the run looks. */
async function webHarness(url: () => string, turns = [[text('Done.'), finish()]]) {
  return createHarness({
    scope: GITHUB,
    tools: [testTool('read_page', 'read')],
    turns,
    extra: {
      tabs: {
        siteOf: async (tabId) => ({ tabId, windowId: 1, url: url(), siteId: 'web', scope: GITHUB }),
      },
    },
  });
}

describe('site guides in web runs', () => {
  it('sends the GitHub guide in the first request of a run on github.com', async () => {
    const h = await webHarness(() => 'https://github.com/owner/repo');
    const { runId } = await h.send('Summarize the open pull requests.', undefined, 'ask', 'ask');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(guideLabels(h.requests[0])).toHaveLength(1);
    expect(guideLabels(h.requests[0])[0]).toMatch(
      /^\[Side Agent site guide: GitHub \(adapter "github"\)\]/,
    );
    expect(userTexts(h.requests[0]).at(-1)).toBe('Summarize the open pull requests.');
    const system = h.requests[0]?.messages[0];
    expect(system?.role === 'system' ? system.text : '').not.toContain('Side Agent site guide');
  });

  it('sends no guide when Settings turn guides off, or turn this one off', async () => {
    const h = await webHarness(() => 'https://github.com/owner/repo');
    await h.settings.saveGeneral({ siteGuidesEnabled: false });
    await h.send('Hello?', undefined, 'ask', 'ask');
    await h.agent.idle();
    expect(guideLabels(h.requests[0])).toEqual([]);
    await h.settings.saveGeneral({ siteGuidesEnabled: true, siteGuidesOff: ['github'] });
    await h.send('Hello?', undefined, 'ask', 'ask');
    await h.agent.idle();
    expect(guideLabels(h.requests[1])).toEqual([]);
  });

  it("brings the next site's guide into a later request after the tab moved there", async () => {
    let url = 'https://github.com/owner/repo';
    const h = await createHarness({
      scope: GITHUB,
      // The call moves the tab to GitLab, as a click on a link would.
      tools: [
        testTool('read_page', 'read', async () => {
          url = 'https://gitlab.com/group/project';
          return { moved: true };
        }),
      ],
      turns: [
        [call('c1', 'read_page', {}), finish('tool_calls')],
        [text('Done.'), finish()],
      ],
      extra: {
        tabs: {
          siteOf: async (tabId) => ({ tabId, windowId: 1, url, siteId: 'web', scope: GITHUB }),
        },
      },
    });
    await h.send('Open the GitLab mirror.', undefined, 'ask', 'ask');
    await h.agent.idle();
    expect(guideLabels(h.requests[0])).toEqual([expect.stringContaining('adapter "github"')]);
    const later = guideLabels(h.requests[1]);
    expect(later).toHaveLength(2);
    expect(later[1]).toMatch(
      /^\[Side Agent site guide: the tab is now on GitLab \(adapter "gitlab"\); the guide for GitHub no longer applies\]/,
    );
  });
});
