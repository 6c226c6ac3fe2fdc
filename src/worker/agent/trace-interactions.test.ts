import { describe, expect, it } from 'vitest';
import type { InteractionBook } from './approvals';
import { tracedInteractions } from './trace-interactions';
import type { RunTrace } from './trace-sink';

function rig() {
  const recorded: unknown[] = [];
  const shown: unknown[] = [];
  const book = {
    show: (pending: unknown) => void shown.push(pending),
    resolve: () => true,
  } as unknown as InteractionBook;
  const trace = {
    phase: () => 'main-loop',
    record: (event: unknown) => void recorded.push(event),
  } as unknown as RunTrace;
  return { traced: tracedInteractions(book, trace), recorded, shown };
}

const approval = {
  kind: 'action-approval' as const,
  callId: 'call-1',
  name: 'fill_from_profile',
  effect: 'Fill 1 field from your profile',
  reason: 'It types details from your saved profile into this page.',
  destination: 'https://shop.example/',
  allowRun: false,
  argumentsPreview: '{"fills":[{"ref":"e3","entry":"shipping.city"}]}',
};

describe('tracedInteractions', () => {
  it('records a question with its detail, but never a private detail, which the card still gets', () => {
    const { traced, recorded, shown } = rig();
    traced.show({ ...approval, detail: 'print("hi")' }, ['approve-once', 'deny'], () => undefined);
    traced.show(
      { ...approval, callId: 'call-2', detail: 'shipping.city: Ljubljana', detailIsPrivate: true },
      ['approve-once', 'deny'],
      () => undefined,
    );
    expect(JSON.stringify(recorded[0])).toContain('print(\\"hi\\")');
    expect(JSON.stringify(recorded[1])).not.toContain('Ljubljana');
    expect(JSON.stringify(recorded[1])).toContain('detailIsPrivate');
    expect(JSON.stringify(shown[1])).toContain('Ljubljana');
  });
});
