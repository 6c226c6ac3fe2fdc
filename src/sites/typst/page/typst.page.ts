// typst.app's page part: the `typst/*` handlers and the CodeMirror document host.
import { definePageSite } from '../../../page/kit/page-site';
import { typstSite } from '../typst.site';
import { typstDocument } from './typst-document';
import { createTypstPageHandlers } from './typst-page-handlers';

export const pageSite = definePageSite({
  site: typstSite,
  start: (signal) => ({ handlers: createTypstPageHandlers(signal), document: typstDocument }),
});
