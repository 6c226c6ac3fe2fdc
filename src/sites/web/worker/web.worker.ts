// The web face's worker part: its read tools (the tree and the rest), its action
// tools (trusted input and scrolling, Act and Dev runs only), its prompt (one per
// mode and prompt tier, in web-prompt.ts), and the state its tools share during a run
// (what they read, by origin, for the safety policy in safety/), its site guides
// (guides/: notes on well-known websites), its working-memory tools (memory/),
// the window size a run may change for a layout (window/), put back at its end, the
// tabs a run works in (tabs/: its tab group, new tabs, listing and switching them),
// its file tools (files/: downloads kept for the run, PDF text), and autofill from
// the person's profile (profile/).
import type { ToolDefinition } from '../../../worker/tools/define-tool';
import { defineWorkerSite } from '../../../worker/sites/worker-site';
import { webSite } from '../web.site';
import { browserActionDeps, inputSessions } from './actions/action-deps';
import { createWebRunState, observed } from './safety/observations';
import { strictSecrets } from './safety/strict-secrets';
import { clickTool } from './actions/click.tool';
import { hoverTool } from './actions/hover.tool';
import { setCheckedTool } from './actions/set-checked.tool';
import { goBackTool, goForwardTool, navigateTool } from './actions/navigate.tool';
import { browserNavigationDeps } from './actions/navigation-deps';
import { pressKeysTool } from './actions/press-keys.tool';
import { typeTool } from './actions/type.tool';
import { setFieldTool } from './actions/set-field.tool';
import { selectOptionTool } from './actions/select-option.tool';
import { uploadFileTool } from './actions/upload-file.tool';
import { scrollPageTool } from './act/scroll-page.tool';
import { clarifyTool } from './ask/clarify.tool';
import { doneTool } from './finish/done.tool';
import { doneJsonTool } from './finish/done-json.tool';
import { memoryTools } from './memory/memory-tools';
import { dragTool } from './actions/drag.tool';
import { waitForElementTool } from './act/wait-for-element.tool';
import { executeJsTool } from './dev/execute-js.tool';
import { inspectElementStylesTool } from './dev/inspect-element-styles.tool';
import { readPageSourceTool } from './dev/read-page-source.tool';
import { webPrompt } from './web-prompt';
import { readTools } from './read/read-tools';
import { getAccessibilityTreeTool } from './tree/get-accessibility-tree.tool';
import { SITE_GUIDES } from './guides/site-guides';
import { captureForModel } from './read/capture-for-model';
import { scheduleTaskTool } from './schedule/schedule-task.tool';
import { scheduleResumeTool } from './schedule/schedule-resume.tool';
import { fetchUrlTool } from './network/fetch-url.tool';
import { researchUrlTool } from './network/research-url.tool';
import { browserHiddenTabs } from './network/hidden-tab';
import { resizeWindowTool } from './window/resize-window.tool';
import { verifyFormTool } from './read/verify-form.tool';
import { fillFromProfileTool } from './profile/fill-from-profile.tool';
import { typeInto } from './actions/type.tool';
import { getWorkerProfileVault } from '../../../worker/profile/worker-profile';
import { windowSizes } from './window/window-sizes';
import { fileTools } from './files/file-tools';
import { pdfAwareReadPage } from './files/pdf-tab-read';
import type { FileToolDeps } from './files/save-file';
import { startBrowserDownload } from '../../../worker/platform/downloads';
import { activateTab, browserTabFacts, runTabs } from './tabs/browser-tab-groups';
import { newTabTool } from './tabs/new-tab.tool';
import { listTabsTool } from './tabs/list-tabs.tool';
import { switchTabTool } from './tabs/switch-tab.tool';

const fileDeps: FileToolDeps = {
  fetcher: (url, init) => fetch(url, init),
  tabUrl: browserActionDeps.tabUrl,
  canSave: async () =>
    (await globalThis.chrome?.permissions?.contains({ permissions: ['downloads'] })) === true,
  startDownload: startBrowserDownload,
};

const navigation = browserNavigationDeps(browserActionDeps.tabUrl, runTabs);

export const workerSite = defineWorkerSite({
  site: webSite,
  systemPrompt: webPrompt,
  selectionLanguage: '',
  guides: SITE_GUIDES,
  tellsPageAtStart: true,
  captureForModel,
  // Every result is recorded with the origin it was read from, for the safety policy,
  // and has credential-like text replaced while strict secret mode is on.
  tools: (
    [
      getAccessibilityTreeTool,
      ...readTools.map((tool) =>
        tool.name === 'read_page' ? pdfAwareReadPage(tool, fileDeps) : tool,
      ),
      clickTool(browserActionDeps),
      typeTool(browserActionDeps),
      pressKeysTool(browserActionDeps),
      setCheckedTool(browserActionDeps),
      hoverTool(browserActionDeps),
      navigateTool(navigation),
      goBackTool(navigation),
      goForwardTool(navigation),
      scrollPageTool,
      readPageSourceTool,
      inspectElementStylesTool,
      executeJsTool(browserActionDeps),
      setFieldTool(browserActionDeps),
      selectOptionTool(browserActionDeps),
      clarifyTool,
      doneTool,
      doneJsonTool,
      waitForElementTool,
      dragTool(browserActionDeps),
      ...memoryTools,
      scheduleTaskTool(browserActionDeps),
      scheduleResumeTool(browserActionDeps),
      fetchUrlTool({ fetcher: (url, init) => fetch(url, init), tabUrl: browserActionDeps.tabUrl }),
      researchUrlTool({
        tabs: browserHiddenTabs,
        tabUrl: browserActionDeps.tabUrl,
        accessFacts: browserActionDeps.accessFacts,
      }),
      resizeWindowTool(windowSizes),
      verifyFormTool,
      newTabTool({ tabs: runTabs, accessFacts: browserActionDeps.accessFacts }),
      switchTabTool({
        tabs: runTabs,
        accessFacts: browserActionDeps.accessFacts,
        tabUrl: browserActionDeps.tabUrl,
        activate: activateTab,
      }),
      fillFromProfileTool({
        profile: getWorkerProfileVault(),
        typeText: (context, { ref, text }) =>
          typeInto(
            browserActionDeps,
            context,
            { ref, text, clear: true, submit: false },
            'set_field',
          ),
      }),
      ...fileTools(fileDeps),
      uploadFileTool(browserActionDeps),
    ] as ToolDefinition<unknown>[]
  )
    .map((tool) => strictSecrets(observed(tool, browserActionDeps.tabUrl)))
    // Its titles come from several tabs: it records each with its own tab's origin.
    .concat(strictSecrets(listTabsTool({ tabs: runTabs, tabFacts: browserTabFacts }))),
  createRunState: createWebRunState,
  endRun: async (runId, page, earlier) => {
    await inputSessions.release(runId);
    await windowSizes.restore(runId);
    await runTabs.release(runId);
    // The mark goes with the run, from every tab it worked in (a lease covers a page
    // that does not answer now).
    await Promise.all(
      [page, ...earlier].map((tab) =>
        tab.request('web/indicator', { show: false, leaseMs: 1_000 }).catch(() => undefined),
      ),
    );
  },
});
