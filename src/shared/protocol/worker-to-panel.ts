// Channel: worker -> side panel (events). Run-scoped events carry the runId; the
// panel drops events whose run it is not showing.
import { z } from '../schema/zod';
import { IdSchema, boundedArray, boundedString } from '../schema/bounded';
import { defineEventChannel } from './define-channel';
import { MAX_STREAM_PARTS_PER_BATCH, MAX_STREAM_TEXT_PER_PART } from './limits';
import { ProtocolErrorSchema } from './envelope';
import { TabSiteSchema } from './panel-to-worker';

export const StreamPartSchema = z.strictObject({
  channel: z.enum(['text', 'reasoning']),
  text: boundedString(MAX_STREAM_TEXT_PER_PART),
});

export const workerToPanel = defineEventChannel('worker-to-panel', ['worker'], {
  /** The site of a tab changed (navigation, activation); the panel re-gates itself. */
  'tab/site-changed': {
    payload: z.strictObject({ tabId: z.number().int().min(0), site: TabSiteSchema.nullable() }),
  },
  /** A batch of coalesced stream text, in channel order. */
  'run/stream': {
    runScoped: true,
    payload: z.strictObject({ sequence: z.number().int().min(0), parts: boundedArray(StreamPartSchema, MAX_STREAM_PARTS_PER_BATCH) }),
  },
  /** The single terminal event of a run. */
  'run/end': {
    runScoped: true,
    payload: z.strictObject({
      status: z.enum(['done', 'error', 'cancelled']),
      error: ProtocolErrorSchema.optional(),
      sessionId: IdSchema.optional(),
    }),
  },
});
export type WorkerToPanel = typeof workerToPanel;
