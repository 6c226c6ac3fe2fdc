import { describe, expect, it } from 'vitest';
import type { ModelMessage } from '../providers/model-adapter';
import { IMAGE_DROPPED_NOTE, dropOlderRunImages } from './run-images';

const image = (name: string) => ({ type: 'image' as const, mediaType: 'image/jpeg', base64: name });
const imageMessage = (name: string): ModelMessage => ({
  role: 'user',
  content: [
    { type: 'text', text: `[Untrusted images returned by the tool "screenshot" (${name})]` },
    image(name),
  ],
});
const toolMessage = (id: string): ModelMessage => ({
  role: 'tool',
  callId: id,
  toolName: 'screenshot',
  content: '{}',
});

describe('dropOlderRunImages', () => {
  it("keeps the images of the newest four image messages of the run and the person's own", () => {
    const messages: ModelMessage[] = [
      { role: 'system', text: 'prompt' },
      { role: 'user', content: [{ type: 'text', text: 'look at this' }, image('attached')] },
      toolMessage('1'),
      imageMessage('first'),
      toolMessage('2'),
      imageMessage('second'),
      toolMessage('3'),
      imageMessage('third'),
      toolMessage('4'),
      imageMessage('fourth'),
      toolMessage('5'),
      imageMessage('fifth'),
    ];
    expect(dropOlderRunImages(messages, 2)).toBe(1);
    const images = messages.flatMap((message) =>
      message.role === 'user' ? message.content.filter((part) => part.type === 'image') : [],
    );
    expect(images.map((part) => (part.type === 'image' ? part.base64 : ''))).toEqual([
      'attached',
      'second',
      'third',
      'fourth',
      'fifth',
    ]);
    const dropped = messages[3];
    expect(dropped?.role === 'user' && dropped.content).toEqual([
      { type: 'text', text: '[Untrusted images returned by the tool "screenshot" (first)]' },
      { type: 'text', text: IMAGE_DROPPED_NOTE },
    ]);
    // Nothing left to drop on the next round.
    expect(dropOlderRunImages(messages, 2)).toBe(0);
  });
});
