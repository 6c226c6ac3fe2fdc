// Google Sheets: Spreadsheets at docs.google.com/spreadsheets.
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const googleSheetsGuide = defineSiteGuide({
  id: 'google-sheets',
  name: 'Google Sheets',
  category: 'general',
  match: { hosts: ['docs.google.com'], paths: ['/spreadsheets'] },
  text: [
    "The grid is drawn on a canvas: cell values are mostly not in the accessibility tree. The Name box at the top left takes a cell or range (B12, A1:D20) to select it, and the formula bar then shows the active cell's value or formula.",
    'Sheet tabs are along the bottom (some may be hidden); frozen rows and columns, filters and merged cells change what is visible. Say which sheet and range a figure came from.',
    'Typing into a selected cell replaces its contents and Enter commits and moves down; pasting over a range overwrites it. Changes save automatically, so check the target range before writing and prefer an empty area when unsure.',
    'Traps: Share changes who can open the file; Data > Data cleanup and sorting a range without its header row rearrange data in place.',
  ].join('\n'),
});
