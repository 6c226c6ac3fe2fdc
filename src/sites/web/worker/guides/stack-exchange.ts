// Stack Overflow and Stack Exchange: Questions and answers (stackoverflow.com and the Stack Exchange sites).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const stackExchangeGuide = defineSiteGuide({
  id: 'stack-exchange',
  name: 'Stack Overflow and Stack Exchange',
  category: 'general',
  match: {
    hosts: [
      'stackoverflow.com',
      'stackexchange.com',
      'superuser.com',
      'serverfault.com',
      'askubuntu.com',
      'mathoverflow.net',
    ],
    subdomains: true,
  },
  text: [
    "A question page shows the question with its score and tags, then the answers, by default sorted by score; the accepted answer (green check) is the asker's choice, not necessarily the best or the newest.",
    'Check answer dates, edits and the comments under an answer: many answers predate current versions of a language or library. "Show N more comments" loads hidden comments.',
    'Search takes [tag], user:, is:answer and quotes for exact phrases.',
    "Traps: votes, answers, comments and edits are public under the person's account. Do these only when the person asked and confirmed.",
  ].join('\n'),
});
