// A deliberately tiny spell checker: typst.app's Improve panel has a spelling group, and the
// extension parses its "original → suggestion" rows. A fixed list of common slips is enough
// to exercise that path without shipping a dictionary.
const SLIPS: Record<string, string> = {
  teh: 'the',
  recieve: 'receive',
  seperate: 'separate',
  occured: 'occurred',
  definately: 'definitely',
  wierd: 'weird',
  untill: 'until',
  accomodate: 'accommodate',
};

export interface Misspelling {
  path: string;
  line: number;
  original: string;
  suggestion: string;
}

export function findMisspellings(path: string, text: string): Misspelling[] {
  const found: Misspelling[] = [];
  const lines = text.split('\n');
  lines.forEach((lineText, index) => {
    for (const match of lineText.matchAll(/\p{L}+/gu)) {
      const suggestion = SLIPS[match[0].toLowerCase()];
      if (suggestion) found.push({ path, line: index + 1, original: match[0], suggestion });
    }
  });
  return found;
}
