import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_IDS, IMAGE_CLICK_DEBOUNCE_MS, startQuickAttachLayer } from './quick-attach-layer';
import {
  ANCHORS_EVENT,
  ANCHORS_REQUEST_EVENT,
  parseAnchors,
  placeButton,
  placeToolbar,
} from './quick-attach-placement';

const controllers: AbortController[] = [];
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
});

function start(now = () => 0) {
  const controller = new AbortController();
  controllers.push(controller);
  const emit = vi.fn();
  const layer = startQuickAttachLayer({ signal: controller.signal, emit, now });
  return { layer, emit, controller };
}

const publish = (detail: unknown) =>
  document.dispatchEvent(new CustomEvent(ANCHORS_EVENT, { detail }));

/** A click as the browser makes it for a person (happy-dom marks dispatched events untrusted). */
function trustedClick(target: EventTarget): void {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'isTrusted', { value: true });
  target.dispatchEvent(event);
}

describe('quick-attach placement', () => {
  it('places a button at its anchor and clamps it 8 px inside the viewport', () => {
    const size = { width: 100, height: 24 };
    const viewport = { width: 800, height: 600 };
    expect(placeButton({ x: 300, y: 200 }, size, viewport)).toEqual({ left: 300, top: 200 });
    expect(placeButton({ x: 790, y: 590 }, size, viewport)).toEqual({ left: 692, top: 568 });
    expect(placeButton({ x: -50, y: -3 }, size, viewport)).toEqual({ left: 8, top: 8 });
  });

  it('accepts only well-formed anchors messages', () => {
    expect(parseAnchors('{"selection":{"x":1,"y":2},"image":null}')).toEqual({
      selection: { x: 1, y: 2 },
      image: null,
    });
    for (const bad of [
      { selection: null, image: null },
      '{"selection":{"x":1},"image":null}',
      '{"selection":null,"image":null,"extra":1}',
      '{"selection":{"x":1,"y":2,"z":3},"image":null}',
      '{"selection":{"x":"1","y":2},"image":null}',
      '{"selection":{"x":1e300,"y":2},"image":null}',
      '[1,2]',
      'not json',
      `{"selection":null,"image":null${' '.repeat(600)}}`,
    ]) {
      expect(parseAnchors(bad)).toBeNull();
    }
  });
});

describe('quick-attach layer', () => {
  it('lives in a closed shadow root on <html> and asks the MAIN world for anchors', () => {
    const requested = vi.fn();
    document.addEventListener(ANCHORS_REQUEST_EVENT, requested, { once: true });
    const { layer } = start();
    expect(layer.host.parentNode).toBe(document.documentElement);
    expect(layer.host.shadowRoot).toBeNull();
    expect(document.getElementById(BUTTON_IDS.selection)).toBeNull();
    expect(requested).toHaveBeenCalledTimes(1);
  });

  it('shows the buttons at their anchors and hides them when the selection empties or the image closes', () => {
    const { layer } = start();
    expect(layer.buttons.selection.hidden).toBe(true);
    expect(layer.buttons.image.hidden).toBe(true);
    publish(JSON.stringify({ selection: { x: 120, y: 80 }, image: { x: 400, y: 60 } }));
    layer.flush();
    expect(layer.buttons.selection.hidden).toBe(false);
    expect(layer.buttons.selection.style.transform).toBe('translate(120px, 80px)');
    expect(layer.buttons.image.hidden).toBe(false);
    expect(layer.buttons.image.style.transform).toBe('translate(400px, 60px)');
    publish(JSON.stringify({ selection: null, image: { x: 400, y: 60 } }));
    layer.flush();
    expect(layer.buttons.selection.hidden).toBe(true);
    expect(layer.buttons.image.hidden).toBe(false);
    publish(JSON.stringify({ selection: null, image: null }));
    layer.flush();
    expect(layer.buttons.image.hidden).toBe(true);
  });

  it('ignores a malformed anchors event and keeps the last good state', () => {
    const { layer } = start();
    publish(JSON.stringify({ selection: { x: 10, y: 10 }, image: null }));
    layer.flush();
    publish('{"selection":"<img onerror>"}');
    layer.flush();
    expect(layer.buttons.selection.hidden).toBe(false);
  });

  it('coalesces anchor updates into one animation frame', () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi
      .spyOn(window, 'requestAnimationFrame')
      .mockImplementation((callback) => frames.push(callback));
    const { layer } = start();
    for (let x = 0; x < 20; x += 1)
      publish(JSON.stringify({ selection: { x: 10 + x, y: 10 }, image: null }));
    expect(frames).toHaveLength(1);
    frames[0]?.(0);
    expect(layer.buttons.selection.style.transform).toBe('translate(29px, 10px)');
    raf.mockRestore();
  });

  it('sends a kind and a fresh event id on a trusted click, nothing on a synthetic one', () => {
    const { layer, emit } = start();
    publish(JSON.stringify({ selection: { x: 10, y: 10 }, image: null }));
    layer.flush();
    layer.buttons.selection.click();
    layer.buttons.selection.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(emit).not.toHaveBeenCalled();
    trustedClick(layer.buttons.selection);
    trustedClick(layer.buttons.selection);
    expect(emit).toHaveBeenCalledTimes(2);
    expect(emit.mock.calls[0]?.[0]).toBe('selection');
    expect(emit.mock.calls[0]?.[1]).toMatch(/^[A-Za-z0-9._:-]{8,64}$/);
    expect(emit.mock.calls[0]?.[1]).not.toBe(emit.mock.calls[1]?.[1]);
  });

  it('debounces image clicks for 900 ms', () => {
    let now = 1_000;
    const { layer, emit } = start(() => now);
    trustedClick(layer.buttons.image);
    now += IMAGE_CLICK_DEBOUNCE_MS - 1;
    trustedClick(layer.buttons.image);
    expect(emit).toHaveBeenCalledTimes(1);
    now += 1;
    trustedClick(layer.buttons.image);
    expect(emit).toHaveBeenCalledTimes(2);
    expect(emit.mock.calls.map((call) => call[0])).toEqual(['image', 'image']);
  });

  it('keeps the editor focus: mousedown on a button is prevented', () => {
    const { layer } = start();
    const down = new MouseEvent('mousedown', { bubbles: true, cancelable: true });
    layer.buttons.selection.dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true);
  });

  it('comes back when the page drops it and leaves when the relay ends', async () => {
    const { layer, controller } = start();
    layer.host.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(layer.host.isConnected).toBe(true);
    controller.abort();
    expect(layer.host.isConnected).toBe(false);
  });
});

describe('quick-actions toolbar', () => {
  const withBand =
    '{"selection":{"x":120,"y":100},"image":null,"selectionBand":{"top":60,"bottom":118}}';

  it('places the toolbar below the selected lines, or above them, never over them', () => {
    const size = { width: 300, height: 30 };
    const viewport = { width: 800, height: 600 };
    const lines = { top: 60, bottom: 118 };
    const below = placeToolbar(120, lines, size, viewport);
    expect(below).toEqual({ left: 120, top: 124 });
    const low = placeToolbar(700, { top: 500, bottom: 580 }, size, viewport);
    expect(low.top + size.height).toBeLessThanOrEqual(500);
    expect(low.left).toBe(492);
  });

  it('reads the selected lines from the anchors and refuses a malformed band', () => {
    expect(parseAnchors(withBand)?.selectionBand).toEqual({ top: 60, bottom: 118 });
    expect(
      parseAnchors('{"selection":null,"image":null,"selectionBand":{"top":9,"bottom":1}}'),
    ).toBeNull();
  });

  it('shows named buttons for a selection and sends the chosen action on a trusted click', () => {
    const { layer, emit } = start();
    publish(withBand);
    layer.flush();
    const toolbar = layer.toolbar;
    expect(toolbar.element.hidden).toBe(false);
    expect(toolbar.element.getAttribute('role')).toBe('toolbar');
    const names = toolbar.buttons().map((button) => button.textContent);
    expect(names).toEqual(['Improve wording', 'Fix', 'Explain', 'Translate']);
    const improve = toolbar.buttons()[0]!;
    improve.click();
    expect(emit).not.toHaveBeenCalled();
    trustedClick(improve);
    expect(emit).toHaveBeenCalledWith('selection', expect.any(String), 'improve');
  });

  it('draws the person\u2019s actions and keeps the built-ins for a malformed list', () => {
    const { layer } = start();
    layer.toolbar.setActions([
      { ref: 'improve', name: 'Improve wording' },
      { ref: 'custom:c1', name: 'Tighten' },
    ]);
    expect(layer.toolbar.buttons().map((button) => button.dataset['action'])).toEqual([
      'improve',
      'custom:c1',
    ]);
    layer.toolbar.setActions([{ ref: 'rm -rf', name: 'x' }]);
    expect(layer.toolbar.buttons()).toHaveLength(4);
  });

  it('closes on Escape until the selection changes, and hides with the selection', () => {
    const { layer } = start();
    publish(withBand);
    layer.flush();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true });
    Object.defineProperty(escape, 'isTrusted', { value: true });
    layer.toolbar.buttons()[0]!.dispatchEvent(escape);
    expect(layer.toolbar.element.hidden).toBe(true);
    layer.flush();
    expect(layer.toolbar.element.hidden).toBe(true);
    publish('{"selection":{"x":130,"y":100},"image":null,"selectionBand":{"top":60,"bottom":118}}');
    layer.flush();
    expect(layer.toolbar.element.hidden).toBe(false);
    publish('{"selection":null,"image":null}');
    layer.flush();
    expect(layer.toolbar.element.hidden).toBe(true);
  });

  it('is removed with the layer when the page goes away', () => {
    const { layer, controller } = start();
    controller.abort();
    expect(layer.host.isConnected).toBe(false);
  });
});
