// Whether the person's words in a chat are about how the page looks or is laid out:
// inspect_element_styles is offered only then, so an ordinary Dev run's first request
// stays within its size budget.

const STYLE_WORDS =
  /\b(styles?|styling|styled|css|colou?rs?|fonts?|layout|margins?|padding|border\w*|width|height|sizes?|position\w*|display|visib\w*|hidden|overflow\w*|z-index|flex\w*|grid|spacing|align\w*|opacity|looks?|appearance|responsive)\b/i;

export function asksForStyles(personText: readonly string[]): boolean {
  return personText.some((text) => STYLE_WORDS.test(text));
}
