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

/** `body` through `steps`, in order; the source is cancelled when a step fails. */
export function throughSteps(
  body: ReadableStream<Uint8Array>,
  steps: readonly BodyStep[],
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const pass = (chunk: Uint8Array | null, from: number): Uint8Array | null => {
    let out = chunk;
    for (let index = from; index < steps.length && out !== null; index += 1)
      out = steps[index]!.transform(out);
    return out;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            // A step's remainder still goes through the steps after it.
            for (const [index, step] of steps.entries()) {
              const out = pass(step.flush?.() ?? null, index + 1);
              if (out !== null && out.byteLength > 0) controller.enqueue(out);
            }
            controller.close();
            return;
          }
          const out = pass(value, 0);
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
