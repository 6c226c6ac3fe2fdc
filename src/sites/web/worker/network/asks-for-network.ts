// Whether the person's words in a chat call for a network read: an address, or words
// about APIs and fetching. fetch_url is offered only then, so the first request of an
// ordinary web run stays within its size budget and a page cannot talk a run that
// never needed the network into using it.

const NETWORK_WORDS =
  /\b(https?:\/\/|fetch\w*|api|apis|endpoint\w*|url|urls|json|http|download\w*|feed|rss)\b|\b[a-z0-9-]+\.[a-z]{2,}\/\S/i;

export function asksForNetwork(personText: readonly string[]): boolean {
  return personText.some((text) => NETWORK_WORDS.test(text));
}
