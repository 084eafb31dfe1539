import { describe, expect, it } from 'vitest';
import { htmlHasContent, htmlToText } from './html-text';

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
