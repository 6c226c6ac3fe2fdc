// Person-facing texts of the run-trace errors. A trace that stopped keeps what it
// stored; the run itself is never affected by its trace.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { ErrorTextEntry } from './error-text-types';

export const TRACE_TEXTS = {
  TRACE_QUOTA_EXCEEDED:
    'The browser has no room left for traces: this run stopped recording and keeps what was stored. Delete traces or lower the limits in Settings → Traces.',
  TRACE_EVENT_LIMIT:
    'This run had too many steps to record them all: its first steps are kept, the rest were counted only.',
  TRACE_NOT_FOUND: 'That trace no longer exists. The list was refreshed.',
} as const satisfies Partial<Record<ErrorCode, ErrorTextEntry>>;
