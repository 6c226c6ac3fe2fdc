// The web face's page part, in the content script's isolated world of every frame
// of an allowed page: page scripts cannot reach it or the built-ins it uses, and it
// reaches closed shadow roots through the extension API. The frame's one ref registry
// is shared by the tree and the other readers, so every tool names an element alike.
import { defineIsolatedSite } from '../../../page/kit/isolated-site';
import { webSite } from '../web.site';
import { startActHandlers } from './act/act-handlers';
import { startIndicatorHandlers } from './act/indicator-handlers';
import { startScrollHandlers } from './act/scroll-handlers';
import { startUploadHandlers } from './act/upload-handlers';
import { startWaitHandlers } from './act/wait-element';
import { startDevHandlers } from './dev/dev-handlers';
import { startMediaHandlers } from './files/media-handlers';
import { startReadHandlers } from './read/read-handlers';
import { createRefRegistry } from './tree/refs';
import { startTreeHandlers } from './tree/tree-handlers';

export const isolatedSite = defineIsolatedSite({
  site: webSite,
  start: (signal, frame) => {
    // One registry per document: a ref the tree handed out is the ref an action takes.
    const refs = createRefRegistry();
    return {
      handlers: {
        ...startTreeHandlers(signal, frame, refs),
        ...startReadHandlers(signal, frame, refs),
        ...startActHandlers(refs),
        ...startUploadHandlers(refs),
        ...startMediaHandlers(refs),
        ...startWaitHandlers(refs),
        ...startScrollHandlers(signal, frame, refs),
        ...startDevHandlers(refs),
        ...startIndicatorHandlers(signal, frame),
      },
    };
  },
});
