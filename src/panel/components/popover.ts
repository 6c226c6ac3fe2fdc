// Places a popover (menu, chat list) next to its anchor and keeps it inside the
// panel: flips above when there is no room below, shifts sideways at the edges and
// caps its size to the room left, following scroll, resize and layout changes.
// Fixed positioning, so no ancestor's overflow clips it.
// @see https://floating-ui.com/docs/computePosition
import {
  autoUpdate,
  computePosition,
  flip,
  offset,
  shift,
  size,
  type Placement,
} from '@floating-ui/dom';
import type { RefObject } from 'preact';
import { useLayoutEffect } from 'preact/hooks';

/** The gap kept between a popover and the panel's edges. */
export const POPOVER_EDGE_PX = 8;
const SMALLEST_HEIGHT_PX = 120;

/** Positions `floating` at `anchor` while `isOpen`; cleans up when it closes. */
export function usePopover(
  anchor: RefObject<HTMLElement | null>,
  floating: RefObject<HTMLElement | null>,
  isOpen: boolean,
  placement: Placement = 'bottom-start',
): void {
  useLayoutEffect(() => {
    const reference = anchor.current;
    const element = floating.current;
    if (!isOpen || !reference || !element) return;
    const place = () =>
      void computePosition(reference, element, {
        strategy: 'fixed',
        placement,
        middleware: [
          offset(4),
          flip({ padding: POPOVER_EDGE_PX }),
          shift({ padding: POPOVER_EDGE_PX }),
          size({
            padding: POPOVER_EDGE_PX,
            apply({ availableWidth, availableHeight, elements }) {
              elements.floating.style.maxWidth = `${Math.floor(availableWidth)}px`;
              elements.floating.style.maxHeight = `${Math.floor(Math.max(SMALLEST_HEIGHT_PX, availableHeight))}px`;
            },
          }),
        ],
      }).then(({ x, y }) => {
        element.style.left = `${Math.round(x)}px`;
        element.style.top = `${Math.round(y)}px`;
      });
    return autoUpdate(reference, element, place);
  }, [isOpen, placement]);
}
