import { describe, expect, it } from 'vitest';
import { DOCUMENT_SITE_PANEL } from '../chat/__fixtures__/site-panel';
import { NO_SITE_PANEL, SiteCatalog } from './site-catalog';

describe('SiteCatalog', () => {
  const catalog = new SiteCatalog();
  catalog.set([{ id: 'docs', panel: DOCUMENT_SITE_PANEL }]);

  it('gives each site its own contributions and pages no site serves the fallback', () => {
    expect(catalog.panelOf('docs')).toBe(DOCUMENT_SITE_PANEL);
    expect(catalog.panelOf(null)).toBe(NO_SITE_PANEL);
    expect(catalog.panelOf('unknown')).toBe(NO_SITE_PANEL);
  });

  it('names scopes and links them from the site templates, with the key URL-encoded', () => {
    expect(catalog.scopeLabel({ siteId: 'docs', projectId: 'p1' })).toBe('Project p1');
    expect(catalog.scopeLabel({ siteId: 'docs', projectId: null })).toBe('typst.app');
    expect(catalog.scopeUrl({ siteId: 'docs', projectId: 'a b"<' })).toBe(
      'https://typst.app/project/a%20b%22%3C',
    );
    expect(catalog.scopeUrl({ siteId: 'docs', projectId: null })).toBeNull();
    // A chat of a site this version does not know keeps a readable name and no link.
    expect(catalog.scopeLabel({ siteId: 'gone', projectId: 'x' })).toBe('x');
    expect(catalog.scopeUrl({ siteId: 'gone', projectId: 'x' })).toBeNull();
  });
});
