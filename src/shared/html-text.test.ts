import { describe, expect, it } from 'vitest';
import { htmlHasContent, htmlToText, metaDescriptionFromHtml } from './html-text';

describe('htmlToText', () => {
  it('drops tags, keeps words apart across blocks and decodes entities', () => {
    expect(htmlToText('<p>Returns &amp; <strong>Refunds</strong></p><ul><li>One</li><li>Two</li></ul>')).toBe(
      'Returns & Refunds One Two',
    );
    expect(htmlToText('<p>a&nbsp;b &#39;c&#x27; &lt;d&gt;</p>')).toBe("a b 'c' <d>");
    expect(htmlToText('Line<br>break')).toBe('Line break');
  });
});

describe('htmlHasContent', () => {
  it("treats the editor's empty value and whitespace as empty", () => {
    expect(htmlHasContent('<p><br></p>')).toBe(false);
    expect(htmlHasContent('  <p> &nbsp; </p> ')).toBe(false);
    expect(htmlHasContent('')).toBe(false);
  });
  it('counts text, images and videos as content', () => {
    expect(htmlHasContent('<p>x</p>')).toBe(true);
    expect(htmlHasContent('<p><img src="https://example.com/a.png"></p>')).toBe(true);
    expect(htmlHasContent('<iframe class="ql-video" src="https://www.youtube.com/embed/abc"></iframe>')).toBe(
      true,
    );
  });
});

describe('metaDescriptionFromHtml', () => {
  it('leaves the headings out, so a heading does not run into its paragraph', () => {
    expect(
      metaDescriptionFromHtml(
        '<h2>Returns</h2><p>You may return most items within 30 days.</p><h3>Refunds</h3><p>Paid back to your card.</p>',
      ),
    ).toBe('You may return most items within 30 days. Paid back to your card.');
  });

  it('cuts a long text at a word, with an ellipsis, within 155 characters', () => {
    const words = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const description = metaDescriptionFromHtml(`<p>${words}</p>`);
    expect(description.length).toBeLessThanOrEqual(155);
    expect(description.endsWith('…')).toBe(true);
    expect(words.startsWith(description.slice(0, -1))).toBe(true);
    expect(description.slice(0, -1).endsWith(' ')).toBe(false);
  });
});
