// Google Docs: Documents at docs.google.com/document.
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const googleDocsGuide = defineSiteGuide({
  id: 'google-docs',
  name: 'Google Docs',
  category: 'general',
  match: { hosts: ['docs.google.com'], paths: ['/document'] },
  text: [
    'The document is drawn on a canvas, so its text may be missing or partial in the accessibility tree; if you cannot read the body, say so rather than guessing (a screenshot shows the visible part).',
    "Menus: File (version history, download), Edit, View, Insert, Format, Tools, Extensions, Help. Comments open from the comment icon at the top right; the mode menu there switches between Editing, Suggesting and Viewing: Suggesting keeps the owner's text and records changes for review.",
    'Typing goes to the cursor: click where the text belongs first. Changes save automatically, so there is no Save step to undo a mistake; Edit > Undo and version history can.',
    'Traps: the Share button changes who can open the document (General access "Anyone with the link" makes it public to whoever has the link): never change sharing unless the person asked and confirmed.',
  ].join('\n'),
});
