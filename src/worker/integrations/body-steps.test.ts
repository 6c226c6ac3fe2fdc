import { describe, expect, it } from 'vitest';
import { byteBound, throughSteps, type BodyStep } from './body-steps';

const encoder = new TextEncoder();

function source(parts: string[]): { body: ReadableStream<Uint8Array>; cancelled: () => unknown } {
  let reason: unknown = 'not cancelled';
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (index >= parts.length) return controller.close();
      controller.enqueue(encoder.encode(parts[index]!));
      index += 1;
    },
    cancel(why) {
      reason = why;
    },
  });
  return { body, cancelled: () => reason };
}

async function text(body: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(body).text();
}

// Holds chunks back until the end, then upper-cases everything it held.
function holdAll(): BodyStep {
  const held: Uint8Array[] = [];
  return {
    transform: (chunk) => (held.push(chunk), null),
    flush: () =>
      encoder.encode(
        held
          .map((chunk) => new TextDecoder().decode(chunk))
          .join('')
          .toUpperCase(),
      ),
  };
}

describe('throughSteps', () => {
  it('passes chunks through every step in order, a remainder through the later ones', async () => {
    const seen: string[] = [];
    const spy: BodyStep = {
      transform: (chunk) => (seen.push(new TextDecoder().decode(chunk)), chunk),
    };
    const { body } = source(['ab', 'cd', 'ef']);
    expect(await text(throughSteps(body, [holdAll(), spy]))).toBe('ABCDEF');
    expect(seen).toEqual(['ABCDEF']);
  });

  it('fails the body with the step’s error and cancels the source', async () => {
    const tooLarge = new Error('too large');
    const { body, cancelled } = source(['12345', '67890', 'never read']);
    await expect(text(throughSteps(body, [byteBound(8, () => tooLarge)]))).rejects.toBe(tooLarge);
    expect(cancelled()).toBe(tooLarge);
  });

  it('lets a body of exactly the bound through', async () => {
    const { body } = source(['1234', '5678']);
    expect(await text(throughSteps(body, [byteBound(8, () => new Error('no'))]))).toBe('12345678');
  });

  it('cancels the source when the reader cancels', async () => {
    const { body, cancelled } = source(['a', 'b', 'c']);
    const reader = throughSteps(body, []).getReader();
    await reader.read();
    await reader.cancel('stop');
    expect(cancelled()).toBe('stop');
  });
});
