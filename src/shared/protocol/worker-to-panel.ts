// Channel: worker -> side panel (events). Run-scoped events carry the runId; the
// panel drops events whose run it is not showing.
import { z } from '../schema/zod';
import { defineEventChannel } from './define-channel';
import { TabIdSchema } from '../schema/bounded';
import { QuickAttachEventIdSchema, QuickAttachKindSchema } from './page-to-worker';
import { TabSiteSchema } from './site-catalog';
import { RunEventPayloads } from './run-messages';
import { QuickActionRefSchema } from './quick-actions';

export const workerToPanel = defineEventChannel('worker-to-panel', ['worker'], {
  /** The site of a tab changed (navigation, activation); the panel re-gates itself. */
  'tab/site-changed': {
    payload: z.strictObject({ tabId: z.number().int().min(0), site: TabSiteSchema.nullable() }),
  },
  /**
   * Site access changed: a site was allowed or revoked, an "Only now" grant ended, or
   * the toolbar button was clicked on `tabId` (null: any tab). Panels ask again.
   */
  'sites/changed': { payload: z.strictObject({ tabId: TabIdSchema.nullable() }) },
  /**
   * A quick-attach button was clicked on a site tab. Only the
   * panel serving exactly that tab in that window acts on it, once per eventId.
   */
  'panel/quick-attach': {
    payload: z.strictObject({
      tabId: TabIdSchema,
      windowId: z.number().int(),
      kind: QuickAttachKindSchema,
      eventId: QuickAttachEventIdSchema,
      /** Present for a quick action: the panel sends it instead of adding the selection. */
      action: QuickActionRefSchema.optional(),
    }),
  },
  /** The run started; the panel shows its live turn. */
  'run/start': { runScoped: true, payload: RunEventPayloads['run/start'] },
  /** A batch of coalesced stream text, in channel order. */
  'run/stream': { runScoped: true, payload: RunEventPayloads['run/stream'] },
  /** The model called a tool (arguments shown as a bounded preview). */
  'run/tool-call': { runScoped: true, payload: RunEventPayloads['run/tool-call'] },
  /** A tool call changed status or finished. */
  'run/tool-status': { runScoped: true, payload: RunEventPayloads['run/tool-status'] },
  /** The run waits for the person (diff review, approval, page state), or stopped waiting. */
  'run/pending': { runScoped: true, payload: RunEventPayloads['run/pending'] },
  /** Something the person should know that does not end the run (compaction, partial tool set). */
  'run/notice': { runScoped: true, payload: RunEventPayloads['run/notice'] },
  /** The run's plan, scratchpad and progress ledger changed (the live checklist). */
  'run/memory': { runScoped: true, payload: RunEventPayloads['run/memory'] },
  /**
   * A new worker resumed this run (the previous instance stopped mid-run) as the run
   * in the payload; the panel shows that run instead.
   */
  'run/resumed': { runScoped: true, payload: RunEventPayloads['run/resumed'] },
  /** The single terminal event of a run. */
  'run/end': { runScoped: true, payload: RunEventPayloads['run/end'] },
});
export type WorkerToPanel = typeof workerToPanel;
