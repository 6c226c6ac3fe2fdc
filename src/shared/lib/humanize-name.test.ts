import { describe, expect, it } from 'vitest';
import { humanizeName } from './humanize-name';

describe('humanizeName', () => {
  it('turns snake, kebab, dotted and camel case names into words', () => {
    expect(humanizeName('replace_lines')).toBe('Replace lines');
    expect(humanizeName('set-field')).toBe('Set field');
    expect(humanizeName('docs.search')).toBe('Docs search');
    expect(humanizeName('getWeatherForCity')).toBe('Get weather for city');
  });

  it('never returns an empty name', () => {
    expect(humanizeName('__')).toBe('Tool');
    expect(humanizeName('')).toBe('Tool');
  });
});
