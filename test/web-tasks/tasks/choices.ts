// Checkbox and radio groups (native and ARIA), and tabs, including a tab whose handler
// sits on the link inside `li[role=tab]` (a click on the item's centre must reach it).
import { expectFields, lastOf, page, type WebTask } from '../task';

export const choiceTasks: WebTask[] = [
  {
    id: 'checkbox-group-topics',
    category: 'checkbox and radio',
    host: 'newsletter.example',
    pages: {
      '/': page(
        'Newsletter',
        `<h1>Newsletter topics</h1>
<fieldset><legend>Send me</legend>
  <label><input type="checkbox" name="topic" value="science" checked> Science</label>
  <label><input type="checkbox" name="topic" value="travel"> Travel</label>
  <label><input type="checkbox" name="topic" value="food"> Food</label>
</fieldset>
<button id="save">Save topics</button>`,
        `document.getElementById('save').addEventListener('click', () => {
  const topics = [...document.querySelectorAll('input[name=topic]:checked')].map((box) => box.value);
  record({ kind: 'topics', topics: topics.join(',') });
});`,
      ),
    },
    goal: 'I only want Travel and Food in my newsletter, not Science. Save it.',
    plan: [
      { act: 'check', role: 'checkbox', name: 'Science', checked: false },
      { act: 'check', role: 'checkbox', name: 'Travel', checked: true },
      { act: 'check', role: 'checkbox', name: 'Food', checked: true },
      { act: 'click', role: 'button', name: 'Save topics' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'topics'), { topics: 'travel,food' }),
  },
  {
    id: 'checkbox-aria-switches',
    category: 'checkbox and radio',
    host: 'privacy.example',
    pages: {
      '/': page(
        'Privacy',
        `<h1>Privacy settings</h1>
<div><span id="l1">Share usage data</span>
  <div role="switch" tabindex="0" aria-checked="true" aria-labelledby="l1" data-key="usage">on</div></div>
<div><span id="l2">Personalised ads</span>
  <div role="switch" tabindex="0" aria-checked="true" aria-labelledby="l2" data-key="ads">on</div></div>
<button id="apply">Apply settings</button>`,
        `for (const control of document.querySelectorAll('[role=switch]')) {
  control.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    const on = control.getAttribute('aria-checked') !== 'true';
    control.setAttribute('aria-checked', String(on));
    control.textContent = on ? 'on' : 'off';
  });
}
document.getElementById('apply').addEventListener('click', () => {
  const state = {};
  for (const control of document.querySelectorAll('[role=switch]'))
    state[control.dataset.key] = control.getAttribute('aria-checked');
  record({ kind: 'privacy', ...state });
});`,
      ),
    },
    goal: 'Turn off personalised ads but keep sharing usage data, then apply.',
    plan: [
      { act: 'check', role: 'switch', name: 'Personalised ads', checked: false },
      { act: 'click', role: 'button', name: 'Apply settings' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'privacy'), { usage: 'true', ads: 'false' }),
  },
  {
    id: 'radio-native-shipping',
    category: 'checkbox and radio',
    host: 'delivery.example',
    pages: {
      '/': page(
        'Delivery',
        `<h1>Delivery speed</h1>
<fieldset><legend>Speed</legend>
  <label><input type="radio" name="speed" value="standard" checked> Standard (5 days)</label>
  <label><input type="radio" name="speed" value="express"> Express (next day)</label>
</fieldset>
<button id="go">Use this speed</button>`,
        `document.getElementById('go').addEventListener('click', () =>
  record({ kind: 'speed', speed: document.querySelector('input[name=speed]:checked').value }));`,
      ),
    },
    goal: 'Switch delivery to express and confirm the speed.',
    plan: [
      { act: 'check', role: 'radio', name: 'Express (next day)', checked: true },
      { act: 'click', role: 'button', name: 'Use this speed' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'speed'), { speed: 'express' }),
  },
  {
    id: 'radio-aria-group',
    category: 'checkbox and radio',
    host: 'plans.example',
    pages: {
      '/': page(
        'Plans',
        `<h1>Choose a plan</h1>
<div role="radiogroup" aria-label="Plan">
  <div role="radio" tabindex="0" aria-checked="true" data-plan="free">Free</div>
  <div role="radio" tabindex="-1" aria-checked="false" data-plan="team">Team</div>
  <div role="radio" tabindex="-1" aria-checked="false" data-plan="enterprise">Enterprise</div>
</div>
<button id="keep">Keep this plan</button>`,
        `for (const option of document.querySelectorAll('[role=radio]')) {
  option.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    for (const other of document.querySelectorAll('[role=radio]')) other.setAttribute('aria-checked', 'false');
    option.setAttribute('aria-checked', 'true');
  });
}
document.getElementById('keep').addEventListener('click', () =>
  record({ kind: 'plan', plan: document.querySelector('[role=radio][aria-checked=true]').dataset.plan }));`,
      ),
    },
    goal: 'Pick the Team plan.',
    plan: [
      { act: 'click', role: 'radio', name: 'Team' },
      { act: 'click', role: 'button', name: 'Keep this plan' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'plan'), { plan: 'team' }),
  },
  {
    id: 'tabs-handler-on-inner-link',
    category: 'tabs',
    host: 'docs-tabs.example',
    pages: {
      '/': page(
        'Install',
        `<h1>Install</h1>
<ul role="tablist" style="display:flex;gap:8px;list-style:none;padding:0">
  <li role="tab" aria-selected="true" aria-controls="p-npm" style="padding:12px 24px;border:1px solid #ccc"><a href="#npm" data-panel="p-npm">npm</a></li>
  <li role="tab" aria-selected="false" aria-controls="p-yarn" style="padding:12px 24px;border:1px solid #ccc"><a href="#yarn" data-panel="p-yarn">yarn</a></li>
</ul>
<div role="tabpanel" id="p-npm" aria-label="npm">npm install widget</div>
<div role="tabpanel" id="p-yarn" aria-label="yarn" hidden>yarn add widget <button id="copy">Copy yarn command</button></div>`,
        `for (const link of document.querySelectorAll('[role=tab] a')) {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    for (const tab of document.querySelectorAll('[role=tab]')) tab.setAttribute('aria-selected', 'false');
    link.parentElement.setAttribute('aria-selected', 'true');
    for (const panel of document.querySelectorAll('[role=tabpanel]')) panel.hidden = panel.id !== link.dataset.panel;
  });
}
document.getElementById('copy').addEventListener('click', () => record({ kind: 'copied', tool: 'yarn' }));`,
      ),
    },
    goal: 'Show the yarn instructions and copy the yarn command.',
    plan: [
      { act: 'click', role: 'tab', name: 'yarn' },
      { act: 'click', role: 'button', name: 'Copy yarn command' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'copied'), { tool: 'yarn' }),
  },
  {
    id: 'tabs-form-in-second-tab',
    category: 'tabs',
    host: 'settings-tabs.example',
    pages: {
      '/': page(
        'Settings',
        `<h1>Settings</h1>
<div role="tablist" aria-label="Sections">
  <button role="tab" id="t1" aria-selected="true" aria-controls="s1">General</button>
  <button role="tab" id="t2" aria-selected="false" aria-controls="s2">Notifications</button>
</div>
<section role="tabpanel" id="s1" aria-labelledby="t1"><label>Display name <input id="display"></label></section>
<section role="tabpanel" id="s2" aria-labelledby="t2" hidden>
  <label>Digest email <input id="digest" type="email"></label>
  <button id="save">Save notifications</button>
</section>`,
        `for (const tab of document.querySelectorAll('[role=tab]')) {
  tab.addEventListener('click', () => {
    for (const other of document.querySelectorAll('[role=tab]')) other.setAttribute('aria-selected', String(other === tab));
    for (const panel of document.querySelectorAll('[role=tabpanel]')) panel.hidden = panel.id !== tab.getAttribute('aria-controls');
  });
}
document.getElementById('save').addEventListener('click', () =>
  record({ kind: 'digest', email: document.getElementById('digest').value }));`,
      ),
    },
    goal: 'Send my digest to digest@mail.example.',
    plan: [
      { act: 'click', role: 'tab', name: 'Notifications' },
      { act: 'type', role: 'textbox', name: 'Digest email', text: 'digest@mail.example' },
      { act: 'click', role: 'button', name: 'Save notifications' },
    ],
    judge: ({ record }) => expectFields(lastOf(record, 'digest'), { email: 'digest@mail.example' }),
  },
  {
    id: 'checkbox-filters-redraw',
    category: 'checkbox and radio',
    host: 'filters-redraw.example',
    pages: {
      '/': page(
        'Hotels',
        `<h1>Hotels</h1><div id="filters"></div><button id="show">Show hotels</button>`,
        `const chosen = new Set();
// Every change redraws the filters from state, as many apps do, so the ticked box is a new element.
function draw() {
  document.getElementById('filters').innerHTML = ['Pool', 'Parking', 'Pets allowed'].map((name) =>
    '<label><input type="checkbox" value="' + name + '"' + (chosen.has(name) ? ' checked' : '') + '> ' + name + '</label>').join(' ');
  for (const box of document.querySelectorAll('#filters input')) {
    box.addEventListener('change', () => { chosen[box.checked ? 'add' : 'delete'](box.value); draw(); });
  }
}
draw();
document.getElementById('show').addEventListener('click', () => record({ kind: 'shown', filters: [...chosen].join(',') }));`,
      ),
    },
    goal: 'Show hotels with parking.',
    plan: [
      { act: 'check', role: 'checkbox', name: 'Parking', checked: true },
      { act: 'click', role: 'button', name: 'Show hotels' },
    ],
    // set_checked reads the state back from the element it clicked; the page replaced
    // that element with a ticked copy, so the tool reports the click as not taken.
    knownGap: { tool: 'set_checked', code: 'INPUT_NOT_ACCEPTED' },
    judge: ({ record }) => expectFields(lastOf(record, 'shown'), { filters: 'Parking' }),
  },
];
