// A document site's panel contributions for panel tests (the panel never imports a
// site; the real ones arrive from the worker's site catalog).
import type { SitePanel } from '../../../shared/protocol/site-catalog';

export const DOCUMENT_SITE_PANEL: SitePanel = {
  label: 'typst.app',
  scopeLabel: 'Project {key}',
  scopeUrl: 'https://typst.app/project/{key}',
  placeholder: 'Ask about or edit your Typst document\u2026',
  noScope: 'Open a project on typst.app.',
  emptyState: 'Ask about your Typst document.',
  suggestions: ['Fix the compile errors in this file'],
  modeControl: 'edit-approval',
  attachments: ['selection', 'preview', 'opened-image'],
  recovery: true,
  shortcuts: 'Enter sends',
};
