// ## Owns
// How long tool images stay in a run's conversation. Every model request of a run
// sends the whole conversation again, images included (a screenshot is some hundred
// kilobytes and over a thousand tokens), so only the newest few image-carrying
// messages of the run keep their images; older ones keep their label and a note that
// the image is gone, and the model can take a new one. Images never reach storage: a
// saved turn keeps each tool call's summary, not its result.
import type { ModelMessage, UserContentPart } from '../providers/model-adapter';

/** User messages of a run whose images stay attached (the newest ones). */
export const RUN_IMAGE_MESSAGES_KEPT = 4;

export const IMAGE_DROPPED_NOTE =
  '[This image is no longer attached, to keep the conversation small. Take a new one if you still need it.]';

/**
 * Replaces the image parts of all but the newest `keep` image-carrying user messages
 * from `firstRunMessage` on (the person's own attachments come before it and stay).
 * Returns how many images were dropped.
 */
export function dropOlderRunImages(
  messages: ModelMessage[],
  firstRunMessage: number,
  keep = RUN_IMAGE_MESSAGES_KEPT,
): number {
  let kept = 0;
  let dropped = 0;
  for (let index = messages.length - 1; index >= firstRunMessage; index -= 1) {
    const message = messages[index];
    if (message?.role !== 'user' || !message.content.some((part) => part.type === 'image'))
      continue;
    if (kept < keep) {
      kept += 1;
      continue;
    }
    const content: UserContentPart[] = [];
    for (const part of message.content) {
      if (part.type !== 'image') content.push(part);
      else {
        dropped += 1;
        content.push({ type: 'text', text: IMAGE_DROPPED_NOTE });
      }
    }
    messages[index] = { ...message, content };
  }
  return dropped;
}
