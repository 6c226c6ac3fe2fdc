// Every shipped site guide against its table (__fixtures__/guide-table.ts): the URLs
// it must cover reach it (and no guide listed before it steals them), the URLs it
// must not cover never reach it, and every host it names refuses the usual
// look-alikes. Also the folder rule: each guide file is registered, has rows and
// stays within the bounds.
import { describe, expect, it } from 'vitest';
import {
  GUIDE_TEXT_BOUNDS,
  MAX_SITE_GUIDE_TOTAL_CHARS,
  guideFor,
  type SiteGuide,
} from '../../../../worker/sites/site-guide';
import { SITE_GUIDES } from './site-guides';
import { GUIDE_TABLE as TABLE } from './__fixtures__/guide-table';

/** A Latin letter swapped for a Cyrillic look-alike, as a homograph domain does. */
const homograph = (host: string) =>
  host.replace(/[aeo]/, (letter) => ({ a: 'а', e: 'е', o: 'о' })[letter] ?? letter);

/** The look-alikes every host must refuse, whatever its guide. */
function lookAlikes(host: string): string[] {
  return [
    `http://${host}/`,
    `https://${host}:8443/`,
    `https://${host}.attacker.example/`,
    `https://evil-${host}/`,
    `https://x${host}/`,
    `https://${host}@attacker.example/`,
    `https://attacker.example/${host}/`,
    `https://${homograph(host)}/`,
  ];
}

const byId = new Map(SITE_GUIDES.map((guide) => [guide.id, guide]));

describe('site guides', () => {
  it('has a table for every guide and no table for a guide that does not exist', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...byId.keys()].sort());
    expect(SITE_GUIDES.length).toBeGreaterThanOrEqual(25);
  });

  it('registers every guide file of the folder', () => {
    const files = import.meta.glob<SiteGuide>(['./*.ts', '!./*.test.ts', '!./site-guides.ts'], {
      eager: true,
    });
    const exported = Object.values(files).flatMap((module) => Object.values(module));
    expect(exported.length).toBe(SITE_GUIDES.length);
    for (const guide of exported) expect(SITE_GUIDES).toContain(guide);
  });

  it.each(Object.entries(TABLE))('%s covers its sites and no others', (id, rows) => {
    for (const url of rows.hits) expect(guideFor(SITE_GUIDES, url)?.id, url).toBe(id);
    for (const url of rows.misses) expect(guideFor(SITE_GUIDES, url)?.id, url).not.toBe(id);
    for (const host of byId.get(id)?.match.hosts ?? [])
      for (const url of lookAlikes(host)) expect(guideFor(SITE_GUIDES, url), url).toBeNull();
  });

  it('keeps each text within its bounds and all of them within the total', () => {
    for (const guide of SITE_GUIDES) {
      expect(guide.text.length, guide.id).toBeGreaterThanOrEqual(GUIDE_TEXT_BOUNDS.min);
      expect(guide.text.length, guide.id).toBeLessThanOrEqual(GUIDE_TEXT_BOUNDS.max);
    }
    const total = SITE_GUIDES.reduce((sum, guide) => sum + guide.text.length, 0);
    expect(total).toBeLessThanOrEqual(MAX_SITE_GUIDE_TOTAL_CHARS);
  });

  it('asks for confirmation, never for more power, in every guide', () => {
    for (const guide of SITE_GUIDES) {
      // Guidance narrows what the agent does; a guide never tells it to skip asking.
      expect(guide.text, guide.id).not.toMatch(
        /without (asking|confirm)|no need to (ask|confirm)|ignore (the|your) rules/i,
      );
    }
    const finance = SITE_GUIDES.filter((guide) => guide.category === 'finance').map(
      (guide) => guide.id,
    );
    expect(finance).toEqual(
      expect.arrayContaining(['stripe', 'paypal', 'chase', 'bank-of-america', 'wells-fargo']),
    );
  });
});
