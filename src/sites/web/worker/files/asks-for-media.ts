// Whether the person's words in a chat call for a page's media: files in general
// (asks-for-files.ts), or its photos, images and videos. The media download tools
// are offered only then, so an ordinary run's first request stays small.
import { asksForFiles } from './asks-for-files';

const MEDIA_WORDS = /\b(photos?|images?|pictures?|pics?|videos?|gifs?|media|audio|clips?)\b/i;

export const asksForMedia = (personText: readonly string[]): boolean =>
  asksForFiles(personText) || personText.some((text) => MEDIA_WORDS.test(text));
