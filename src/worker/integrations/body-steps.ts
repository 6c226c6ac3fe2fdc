// ## Owns
// Reading an untrusted response body through a few synchronous steps (a byte
// bound, taking progress events out) as ONE pull stream over the source reader.
// ## Why not a TransformStream per step
// Each TransformStream is a readable, a writable and a pipe between them, with a
// promise hop per chunk at every stage; an SSE answer went through two of ours
// before the SDK's own two, and building them was a large part of reading a
// short page. A step here is a plain function per chunk, so a body that passes
// two steps costs one stream.

/** One step of a body: what a chunk becomes (null: nothing yet). Throwing fails the body. */
export interface BodyStep {
  transform(chunk: Uint8Array): Uint8Array | null;
  /** What is left when the source ends. */
  flush?(): Uint8Array | null;
}

/** `chunk` through `steps` from the one at `from` on; null when a step holds it back. */
export function passSteps(
  steps: readonly BodyStep[],
  chunk: Uint8Array | null,
  from = 0,
): Uint8Array | null {
  let out = chunk;
  for (let index = from; index < steps.length && out !== null; index += 1)
    out = steps[index]!.transform(out);
  return out;
}

/** What the steps hold when the source ends, each remainder through the steps after it. */
export function flushSteps(steps: readonly BodyStep[]): Uint8Array[] {
  const rest: Uint8Array[] = [];
  for (const [index, step] of steps.entries()) {
    const out = passSteps(steps, step.flush?.() ?? null, index + 1);
    if (out !== null && out.byteLength > 0) rest.push(out);
  }
  return rest;
}

/** `body` through `steps`, in order; the source is cancelled when a step fails. */
export function throughSteps(
  body: ReadableStream<Uint8Array>,
  steps: readonly BodyStep[],
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            for (const out of flushSteps(steps)) controller.enqueue(out);
            controller.close();
            return;
          }
          const out = passSteps(steps, value);
          if (out !== null && out.byteLength > 0) return controller.enqueue(out);
        }
      } catch (error) {
        controller.error(error);
        await reader.cancel(error).catch(() => undefined);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/** A step that fails with `onTooLarge()` once more than `maxBytes` have passed. */
export function byteBound(maxBytes: number, onTooLarge: () => Error): BodyStep {
  let total = 0;
  return {
    transform(chunk) {
      total += chunk.byteLength;
      if (total > maxBytes) throw onTooLarge();
      return chunk;
    },
  };
}
