// Bundled into the real worker by typst-tools.e2e.ts: runs one typst tool directly
// (outside the run loop) against a tab, with Ask reviews and page waits answered by
// the test through the global it installs.
import { typstTools } from '../../../src/sites/typst/worker/typst-tools';
import { createPageRequests } from '../../../src/worker/page-requests';
import { createTabsTransport } from '../../../src/worker/platform/tabs-transport';
const pages = createPageRequests(createTabsTransport);
const results = new Map();
const state = { review: null, waits: [] };
globalThis.__typstHarness = {
  start(id, name, args, options) {
    const tool = typstTools.find((t) => t.name === name);
    const parsed = tool.parseArguments(args);
    if (!parsed.ok) {
      results.set(id, parsed);
      return;
    }
    const controller = new AbortController();
    const context = {
      runId: 'run-e2e',
      callId: id,
      signal: controller.signal,
      editMode: options.mode,
      identity: {
        tabId: options.tabId,
        scope: { siteId: 'typst', projectId: 'thesis' },
        sessionId: 's',
      },
      page: {
        tabId: options.tabId,
        request: (method, payload) =>
          pages.request(options.tabId, method, payload, { signal: controller.signal }),
      },
      interaction: {
        async waitForPage(pending, isReady) {
          state.waits.push(pending);
          for (let i = 0; i < 150; i++) {
            if (await isReady()) return 'ready';
            await new Promise((r) => setTimeout(r, 100));
          }
          return 'skipped';
        },
        reviewEdit(callId, toolName, diff) {
          return new Promise((resolve) => {
            state.review = { callId, toolName, diff, resolve };
          });
        },
        notice() {},
      },
      state: {
        targetFile: options.targetFile ?? null,
        capturedSelection: options.selection ?? null,
        checkpointId: null,
      },
    };
    tool.execute(parsed.args, context).then(
      (r) => results.set(id, r),
      (e) => results.set(id, { thrown: String((e && e.message) || e) }),
    );
  },
  result: (id) => results.get(id) ?? null,
  review: () => (state.review ? { callId: state.review.callId, diff: state.review.diff } : null),
  decide(decision) {
    const r = state.review;
    state.review = null;
    r?.resolve(decision);
  },
  waits: () => state.waits.map((w) => w.message),
  page: (tabId, method, payload) => pages.request(tabId, method, payload),
};
