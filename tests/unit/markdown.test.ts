// Markdown for creator-written descriptions: links and images keep only safe addresses, whatever
// control characters, whitespace, entities or case hide the scheme.
import { describe, expect, it } from "vitest";
import { renderMarkdown, safeLinkUrl } from "~/platform/markdown";

/** Every href and src the HTML carries, as a browser would read them (entities decoded). */
function addresses(html: string): string[] {
  return [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) =>
    m[1]
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">"),
  );
}

/** What a browser does to an address before reading its scheme: C0 controls and spaces trimmed, tabs and newlines removed. */
const browserScheme = (url: string) =>
  /^([a-z][a-z0-9+.-]*):/i
    .exec(url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, ""))?.[1]
    ?.toLowerCase() ?? null;

const XSS_VECTORS = [
  "[a](javascript:alert(1))",
  "[a](JaVaScRiPt:alert(1))",
  "[a](<java\tscript:alert(1)>)",
  "[a](<java\nscript:alert(1)>)",
  "[a](<java\rscript:alert(1)>)",
  "[a](<\u0001javascript:alert(1)>)",
  "[a](<javascript\u0000:alert(1)>)",
  "[a]( javascript:alert(1))",
  "[a](<  javascript:alert(1)>)",
  "[a](java&#x09;script:alert(1))",
  "[a](java&Tab;script:alert(1))",
  "[a](&#106;avascript:alert(1))",
  "[a](&#x6A;avascript:alert(1))",
  "[a](javascript&colon;alert(1))",
  "[a](javascript&#58;alert(1))",
  "[a](vbscript:msgbox(1))",
  "[a](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[a](file:///etc/passwd)",
  "<javascript:alert(1)>",
  "[a][x]\n\n[x]: javascript:alert(1)",
  "[a][x]\n\n[x]: <java\tscript:alert(1)>",
  '[a](javascript:alert(1) "title")',
  "![x](javascript:alert(1))",
  "![x](<java\tscript:alert(1)>)",
  "![x](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)",
  "[![x](https://img.example/a.png)](javascript:alert(1))",
  '<a href="javascript:alert(1)">a</a>',
  "<img src=x onerror=alert(1)>",
];

describe("markdown links and images", () => {
  it.each(XSS_VECTORS)("%j renders no script, data or other unsafe address", (source) => {
    const html = renderMarkdown(source);
    for (const url of addresses(html))
      expect(["http", "https", "mailto", null], `${url} in ${html}`).toContain(browserScheme(url));
    expect(html).not.toMatch(/<(script|iframe|object|embed)|<[a-z][^>]*\son\w+=/i);
  });

  it("keeps https, http, mailto and same-site links, and marks external ones", () => {
    expect(renderMarkdown("[a](https://example.com/x?a=1&b=2)")).toBe(
      '<p><a href="https://example.com/x?a=1&amp;b=2" target="_blank" rel="noopener noreferrer">a</a></p>\n',
    );
    expect(renderMarkdown("[a](http://example.com)")).toContain('href="http://example.com"');
    expect(renderMarkdown("[mail](mailto:help@studio.example)")).toContain('href="mailto:help@studio.example"');
    expect(renderMarkdown("[c](/classes?q=guitar)")).toBe('<p><a href="/classes?q=guitar">c</a></p>\n');
    expect(renderMarkdown("[c](#top)")).toContain('href="#top"');
    expect(renderMarkdown("![p](/media/app-images/a.png)")).toContain('src="/media/app-images/a.png"');
    // A refused link keeps its words, as text.
    expect(renderMarkdown("[read me](<java\tscript:alert(1)>)")).toBe("<p>read me</p>\n");
  });

  it("safeLinkUrl normalises before it decides", () => {
    expect(safeLinkUrl("java\tscript:alert(1)")).toBeNull();
    expect(safeLinkUrl("  https://example.com/a b ")).toBe("https://example.com/a%20b");
    expect(safeLinkUrl("&#104;ttps://example.com")).toBe("https://example.com");
    expect(safeLinkUrl("mailto:a@b.co", { images: true })).toBeNull();
    expect(safeLinkUrl("relative/page")).toBe("relative/page");
    expect(safeLinkUrl("")).toBeNull();
  });
});
