// A content page's head: Open Graph tags for a shared link, and a meta description of its body text
// without the headings run into it.
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderRoutes } from '~/client/test/test-utils';
import { contentRoutes } from './routes';
import './content-page';

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('content page head', () => {
  it('has Open Graph tags and a description without the heading', async () => {
    fakeApi({
      '/api/content-pages/slug/returns': {
        body: {
          id: 1,
          slug: 'returns',
          title: 'Returns',
          content: '<h2>Our policy</h2><p>You may return most items within 30 days.</p>',
          published: true,
        },
      },
    });
    renderRoutes(contentRoutes, '/returns');
    await waitFor(() => expect(meta('meta[property="og:title"]')).toBe('Returns'));
    expect(meta('meta[name="description"]')).toBe('You may return most items within 30 days.');
    expect(meta('meta[property="og:description"]')).toBe('You may return most items within 30 days.');
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(meta('meta[property="og:url"]')).toMatch(/\/returns$/);
  });
});
