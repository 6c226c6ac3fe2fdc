// Google Drive: Files (drive.google.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const googleDriveGuide = defineSiteGuide({
  id: 'google-drive',
  name: 'Google Drive',
  category: 'general',
  match: { hosts: ['drive.google.com'] },
  text: [
    'Left column: New, Home, My Drive, Shared drives, Shared with me, Recent, Starred, Spam, Trash and storage. The search box at the top has filters for type, owner, people and modified date.',
    'The main area shows files as a list or grid (a toggle at the top right); the columns show owner, last modified and size. Opening a Docs, Sheets or Slides file often loads it in a new tab that this run does not follow.',
    'Selecting a file shows actions at the top: Share, Download, Move, Add shortcut, Move to trash. Moving to Trash removes the file for people it was shared with as well, and Trash empties itself after 30 days.',
    'Traps: Share and "General access" change who can open a file; shared folders pass their access to what is moved into them. Change sharing, move or delete only when the person asked and confirmed.',
  ].join('\n'),
});
