// The page method of the acting-tab indicator: the worker shows it while a run acts
// in the tab (each action renews it) and hides it when the run ends. Answered by
// ../isolated/act/indicator-handlers.ts in the top frame.
import { z } from '../../../shared/schema/zod';
import type { MethodSpec } from '../../../shared/protocol/define-channel';

/** Longest time the indicator stays without a renewal (a worker that died says nothing). */
export const MAX_INDICATOR_LEASE_MS = 10 * 60_000;

export const indicatorMethods = {
  'web/indicator': {
    request: z.strictObject({
      show: z.boolean(),
      /** How long it stays shown without another `show`. */
      leaseMs: z.number().int().min(1_000).max(MAX_INDICATOR_LEASE_MS),
    }),
    response: z.strictObject({ shown: z.boolean() }),
  },
} as const satisfies Record<string, MethodSpec>;
