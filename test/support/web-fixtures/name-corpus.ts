// Markup people write for named controls, as a corpus for comparing our accessible
// names with dom-accessibility-api's: labels (for, wrapping, several, with the
// control before or after the text), every MiniWoB-style check box and radio layout
// (lists where each control's label follows or precedes it, where a name could be
// taken from the wrong neighbour), aria-labelledby (one, several, hidden, self),
// aria-label, alt, title, placeholder, name from content, legend, caption,
// figcaption and input values. Each case marks its target with data-target.

export interface NameCase {
  readonly id: string;
  readonly html: string;
}

const WORDS = [
  'Email address',
  'Remember me',
  'Subscribe to the newsletter',
  'Ship to a different address',
  'Größe wählen',
  'I agree to the terms',
  'Search products',
  'Option C',
];

const INPUT_TYPES = [
  'text',
  'email',
  'password',
  'number',
  'search',
  'tel',
  'url',
  'checkbox',
  'radio',
];

function templates(word: string, n: number): string[] {
  const other = `Other ${n}`;
  return [
    `<label for="a${n}">${word}</label><input id="a${n}" data-target>`,
    `<label>${word} <input data-target></label>`,
    `<label><input type="checkbox" data-target> ${word}</label>`,
    `<label><span>${word}</span><input type="radio" name="r${n}" data-target></label>`,
    // MiniWoB: a list of check boxes, each wrapped with its text after it; target the second.
    `<div><label><input type="checkbox" id="x${n}a">${other}</label><br><label><input type="checkbox" id="x${n}b" data-target>${word}</label><br><label><input type="checkbox">Third</label></div>`,
    // MiniWoB: controls and labels as siblings, label after its control.
    `<input type="checkbox" id="s${n}a"><label for="s${n}a">${other}</label><input type="checkbox" id="s${n}b" data-target><label for="s${n}b">${word}</label>`,
    // Label before its control.
    `<label for="p${n}a">${other}</label><input type="radio" name="p${n}" id="p${n}a"><label for="p${n}b">${word}</label><input type="radio" name="p${n}" id="p${n}b" data-target>`,
    // Radio with bare text after it and no label: no name (not the previous text).
    `<input type="radio" name="t${n}">${other}<br><input type="radio" name="t${n}" data-target>${word}<br>`,
    // Radio group in a fieldset with a legend, the target in the middle.
    `<fieldset><legend>${other}</legend><label><input type="radio" name="f${n}">A</label><label><input type="radio" name="f${n}" data-target>${word}</label><label><input type="radio" name="f${n}">C</label></fieldset>`,
    `<fieldset data-target><legend>${word}</legend><input></fieldset>`,
    `<span id="l${n}">${word}</span><input aria-labelledby="l${n}" data-target>`,
    `<span id="m${n}a">${word}</span><span id="m${n}b">${other}</span><button aria-labelledby="m${n}a m${n}b" data-target>x</button>`,
    `<span id="h${n}" hidden>${word}</span><input type="checkbox" aria-labelledby="h${n}" data-target>`,
    `<span id="q${n}">${other}</span><button id="self${n}" aria-labelledby="self${n} q${n}" data-target>${word}</button>`,
    `<input aria-label="${word}" data-target>`,
    `<button aria-label="${word}" data-target><svg aria-hidden="true"></svg></button>`,
    `<div role="button" tabindex="0" aria-label="${word}" data-target>icon</div>`,
    `<a href="/x" data-target>${word}</a>`,
    `<a href="/x" data-target><img src="data:," alt="${word}"></a>`,
    `<a href="/x" title="${word}" data-target></a>`,
    `<button data-target>${word}</button>`,
    `<button data-target><span>${word}</span> <span aria-hidden="true">→</span></button>`,
    `<button data-target><img src="data:," alt="${word}"></button>`,
    `<button data-target>${word}<span style="display:none"> secret</span></button>`,
    `<h2 data-target>${word}</h2>`,
    `<h3 data-target><em>${word}</em> today</h3>`,
    `<img src="data:," alt="${word}" data-target>`,
    `<input type="image" src="data:," alt="${word}" data-target>`,
    `<input type="submit" value="${word}" data-target>`,
    `<input type="button" value="${word}" data-target>`,
    `<input placeholder="${word}" data-target>`,
    `<input title="${word}" data-target>`,
    `<textarea placeholder="${other}" title="${word}" data-target></textarea>`,
    `<label for="t${n}x">${word}</label><textarea id="t${n}x" data-target></textarea>`,
    `<label for="z${n}">${word}</label><select id="z${n}" data-target><option>One</option></select>`,
    `<table data-target><caption>${word}</caption><tr><td>1</td></tr></table>`,
    `<figure data-target><img src="data:," alt=""><figcaption>${word}</figcaption></figure>`,
    `<label for="d${n}">${word}</label><label for="d${n}">${other}</label><input id="d${n}" data-target>`,
    `<div role="checkbox" aria-checked="false" tabindex="0" data-target>${word}</div>`,
    `<ul role="listbox"><li role="option" data-target>${word}</li></ul>`,
    `<div role="tab" data-target>${word}</div>`,
    `<label>${word} <input type="${INPUT_TYPES[n % INPUT_TYPES.length]}" data-target></label>`,
    `<label for="k${n}">${word}</label><input type="${INPUT_TYPES[(n + 3) % INPUT_TYPES.length]}" id="k${n}" data-target>`,
  ];
}

/** The corpus: every template with every wording (over 300 cases). */
export function nameCorpus(): NameCase[] {
  const cases: NameCase[] = [];
  WORDS.forEach((word, wordIndex) => {
    templates(word, wordIndex).forEach((html, templateIndex) => {
      cases.push({ id: `t${templateIndex}-w${wordIndex}`, html });
    });
  });
  return cases;
}
