import { describe, expect, it } from 'vitest';
import { createFrameDirectory, type FrameReport } from './frame-directory';

const report = (
  frameId: number,
  documentId: string,
  linkToken: string | null = `tok-${documentId}`,
): FrameReport => ({
  frameId,
  documentId,
  linkToken,
  url: `https://shop.example/${documentId}`,
});

describe('createFrameDirectory', () => {
  it('gives each document a short index, kept when it announces itself again and never reused', () => {
    const directory = createFrameDirectory(async () => []);
    expect(directory.record(1, report(0, 'top')).index).toBe(1);
    expect(directory.record(1, report(5, 'child')).index).toBe(2);
    expect(directory.record(1, report(5, 'child')).index).toBe(2);
    // The frame shows a new document: a new index, the old one is not handed out again.
    expect(directory.record(1, report(5, 'child-2')).index).toBe(3);
    expect(directory.byIndex(1, 2)).toBeNull();
    expect(directory.frames(1).map((frame) => frame.documentId)).toEqual(['top', 'child-2']);
  });

  it("drops the old page's frames when the top frame shows a new document", () => {
    const directory = createFrameDirectory(async () => []);
    directory.record(1, report(0, 'top'));
    directory.record(1, report(5, 'child'));
    directory.record(1, report(0, 'next-top'));
    expect(directory.frames(1).map((frame) => frame.documentId)).toEqual(['next-top']);
  });

  it('asks the browser again on refresh and forgets frames it no longer lists', async () => {
    const directory = createFrameDirectory(async () => [report(0, 'top'), report(9, 'fresh')]);
    directory.record(1, report(0, 'top'));
    directory.record(1, report(5, 'gone'));
    const frames = await directory.refresh(1);
    expect(frames.map((frame) => [frame.frameId, frame.documentId])).toEqual([
      [0, 'top'],
      [9, 'fresh'],
    ]);
    directory.forget(1);
    expect(directory.frames(1)).toEqual([]);
  });
});
