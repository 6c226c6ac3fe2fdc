// ## Owns
// What the panel says to screen readers on its own: a run started, stopped or
// failed, a probe's result. Two live regions exist from the first render (a region
// added together with its text is not read reliably), and each announcement replaces
// the region's one child, so it is read exactly once, and the same words said twice
// are read twice. Nothing else in the panel is a live region that repeats content:
// the transcript is not read again when a finished answer is replaced by its stored copy.
import { signal } from '@preact/signals';

/** One announcement: its words and a number that changes with every announcement. */
interface Said {
  readonly text: string;
  readonly count: number;
}

/** The panel's announcements. */
export class Announcer {
  readonly polite = signal<Said>({ text: '', count: 0 });
  readonly assertive = signal<Said>({ text: '', count: 0 });
  private count = 0;

  /** Says `text` once; `assertive` interrupts (errors), `polite` waits its turn. */
  announce(text: string, level: 'polite' | 'assertive' = 'polite'): void {
    this.count += 1;
    const target = level === 'polite' ? this.polite : this.assertive;
    target.value = { text, count: this.count };
  }
}

/** The panel's one announcer. */
export const announcer = new Announcer();

/** The two live regions; mount once, at the panel's root. */
export function Announcements({ source = announcer }: { readonly source?: Announcer }) {
  const polite = source.polite.value;
  const assertive = source.assertive.value;
  return (
    <div class="sa-visually-hidden">
      <div role="status" aria-live="polite" data-testid="announce-polite">
        {polite.text ? <p key={polite.count}>{polite.text}</p> : null}
      </div>
      <div role="alert" aria-live="assertive" data-testid="announce-assertive">
        {assertive.text ? <p key={assertive.count}>{assertive.text}</p> : null}
      </div>
    </div>
  );
}
