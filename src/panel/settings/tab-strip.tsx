// ## Owns
// The row Settings' tabs sit in: one line that scrolls sideways when the sections do
// not fit the panel, with a button at each end that shows the hidden ones.
// ## Why one scrolling line, not wrapping rows
// Ten sections wrapped to three rows at 320 px and pushed the form half a screen
// down on every tab. One line keeps the form where it was; the end buttons and the
// faded edge say there is more, and the selected tab is always scrolled into view,
// so arrow keys and clicks never leave it hidden.
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ChevronLeft, ChevronRight } from 'lucide-preact';

/** Which ends of the line have tabs scrolled out of sight. */
export interface StripOverflow {
  readonly before: boolean;
  readonly after: boolean;
}

/** The hidden ends of a scrolled line; a pixel of rounding is not a hidden tab. */
export function stripOverflow(box: {
  readonly scrollLeft: number;
  readonly scrollWidth: number;
  readonly clientWidth: number;
}): StripOverflow {
  const start = Math.abs(box.scrollLeft);
  return { before: start > 1, after: start + box.clientWidth < box.scrollWidth - 1 };
}

export interface TabStripProps {
  readonly label: string;
  /** The id of the selected tab's element, kept in view (null: none is selected yet). */
  readonly selectedTabId: string | null;
  readonly children: ComponentChildren;
}

/** A tablist on one line, scrolling sideways, with "show more" buttons at its ends. */
export function TabStrip(props: TabStripProps) {
  const strip = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<StripOverflow>({ before: false, after: false });

  const measure = () => {
    const box = list.current;
    if (!box) return;
    const next = stripOverflow(box);
    setOverflow((old) => (old.before === next.before && old.after === next.after ? old : next));
  };

  const selectedId = useRef(props.selectedTabId);
  selectedId.current = props.selectedTabId;
  // On a new selection and when the panel is resized: a tab selected in a wide panel
  // must still show after the panel narrows.
  const revealedAt = useRef(-Infinity);
  const scrollSelectedIntoView = () => {
    const id = selectedId.current;
    const tab = id === null ? null : list.current?.querySelector<HTMLElement>(`[id="${id}"]`);
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };
  const revealSelected = () => {
    revealedAt.current = performance.now();
    scrollSelectedIntoView();
    measure();
  };

  // The whole strip is watched, not the list: the list narrows when an end button
  // appears, and revealing then would undo the person's own scrolling.
  useEffect(() => {
    const box = strip.current;
    if (!box || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(revealSelected);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(revealSelected, [props.selectedTabId]);

  // Revealing can make an end button appear, which narrows the line and slides the
  // tab just revealed under the faded edge: reveal it once more, but only right after
  // a reveal, so a person's own scrolling is never undone.
  useLayoutEffect(() => {
    if (performance.now() - revealedAt.current < 500) scrollSelectedIntoView();
  }, [overflow.before, overflow.after]);

  // A page's worth, less one tab, so the last tab seen stays on screen as context.
  const page = (direction: 1 | -1) => {
    const box = list.current;
    if (!box) return;
    box.scrollBy({ left: direction * Math.max(box.clientWidth * 0.75, 80), behavior: 'smooth' });
  };

  const ends = `sa-tabstrip${overflow.before ? ' sa-tabstrip-before' : ''}${overflow.after ? ' sa-tabstrip-after' : ''}`;
  return (
    <div ref={strip} class={ends} data-testid="settings-tabstrip">
      {/* Out of the tab order: keyboard people move with the arrow keys in the list. */}
      {overflow.before ? (
        <button
          type="button"
          class="sa-tabstrip-end sa-tabstrip-prev"
          tabIndex={-1}
          aria-label="Show earlier sections"
          title="Show earlier sections"
          onClick={() => page(-1)}
        >
          <ChevronLeft aria-hidden="true" size={16} strokeWidth={1.75} />
        </button>
      ) : null}
      <div
        ref={list}
        role="tablist"
        aria-label={props.label}
        class="sa-tablist"
        onScroll={measure}
        onWheel={(event) => {
          // A mouse wheel scrolls down; on a sideways line that means along it.
          const box = list.current;
          if (!box || event.deltaX !== 0 || box.scrollWidth <= box.clientWidth) return;
          box.scrollLeft += event.deltaY;
          event.preventDefault();
        }}
      >
        {props.children}
      </div>
      {overflow.after ? (
        <button
          type="button"
          class="sa-tabstrip-end sa-tabstrip-next"
          tabIndex={-1}
          aria-label="Show more sections"
          title="Show more sections"
          onClick={() => page(1)}
        >
          <ChevronRight aria-hidden="true" size={16} strokeWidth={1.75} />
        </button>
      ) : null}
    </div>
  );
}
