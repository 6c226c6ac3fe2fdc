// Date pickers: a custom grid in a dialog (move month by month to the day) and the
// browser's own date field, which takes keys part by part rather than typed text.
import { expectFields, lastOf, page, type WebTask } from '../task';

export const dateTasks: WebTask[] = [
  {
    id: 'date-picker-grid',
    category: 'date picker',
    host: 'booking.example',
    pages: {
      '/': page(
        'Book a table',
        `<h1>Book a table</h1>
<p>Date: <output id="date">none</output> <button id="open" aria-haspopup="dialog">Choose date</button></p>
<div role="dialog" id="picker" aria-label="Choose a date" hidden>
  <button id="prev">Previous month</button><h2 id="month" aria-live="polite"></h2><button id="next">Next month</button>
  <table role="grid" aria-labelledby="month"><tbody id="days"></tbody></table>
</div>
<button id="book">Book table</button>`,
        `const names = ['January','February','March','April','May','June','July','August','September','October','November','December'];
let year = 2027, month = 2;
const picker = document.getElementById('picker');
function draw() {
  document.getElementById('month').textContent = names[month] + ' ' + year;
  const days = new Date(year, month + 1, 0).getDate();
  const rows = [];
  let row = document.createElement('tr');
  for (let day = 1; day <= days; day += 1) {
    const cell = document.createElement('td');
    const button = document.createElement('button');
    button.textContent = String(day);
    button.setAttribute('aria-label', names[month] + ' ' + day + ', ' + year);
    button.addEventListener('click', () => {
      document.getElementById('date').textContent = year + '-' + String(month + 1).padStart(2, '0') + '-' + String(day).padStart(2, '0');
      picker.hidden = true;
    });
    cell.append(button); row.append(cell);
    if (day % 7 === 0) { rows.push(row); row = document.createElement('tr'); }
  }
  rows.push(row);
  document.getElementById('days').replaceChildren(...rows);
}
document.getElementById('open').addEventListener('click', () => { picker.hidden = false; draw(); });
document.getElementById('next').addEventListener('click', () => { month += 1; if (month > 11) { month = 0; year += 1; } draw(); });
document.getElementById('prev').addEventListener('click', () => { month -= 1; if (month < 0) { month = 11; year -= 1; } draw(); });
document.getElementById('book').addEventListener('click', () => record({ kind: 'booked', date: document.getElementById('date').textContent }));`,
      ),
    },
    goal: 'Book a table for April 14, 2027.',
    plan: [
      { act: 'click', role: 'button', name: 'Choose date' },
      (tree) =>
        tree.includes('"April 14, 2027"')
          ? { act: 'click', role: 'button', name: 'April 14, 2027' }
          : { act: 'click', role: 'button', name: 'Next month' },
      { act: 'click', role: 'button', name: 'April 14, 2027' },
      { act: 'click', role: 'button', name: 'Book table' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'booked'), { date: '2027-04-14' }),
  },
  {
    id: 'date-native-input',
    category: 'date picker',
    host: 'birthday.example',
    pages: {
      '/': page(
        'Birthday',
        `<h1>Your birthday</h1>
<label>Birthday <input id="birthday" type="date"></label>
<button id="save">Save birthday</button>`,
        `document.getElementById('save').addEventListener('click', () =>
  record({ kind: 'birthday', date: document.getElementById('birthday').value }));`,
      ),
    },
    goal: 'My birthday is 9 December 1990; save it.',
    plan: [
      // A date field takes no typed text, only keys: to its first part, then the digits.
      { act: 'click', role: 'textbox', name: 'Birthday' },
      { act: 'keys', keys: ['ArrowLeft'], repeat: 2 },
      { act: 'keys', keys: ['1', '2', '0', '9', '1', '9', '9', '0'] },
      { act: 'click', role: 'button', name: 'Save birthday' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'birthday'), { date: '1990-12-09' }),
  },
];
