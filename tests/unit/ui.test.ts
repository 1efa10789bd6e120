import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, it, expect } from "vitest";
import { Button } from "../../app/ui/Button";
import { shouldShowError } from "../../app/ui/fieldError";
import { linkifyParts } from "../../app/ui/linkify";
import { PasswordInput } from "../../app/ui/PasswordInput";
import { clampProgress, progressColor } from "../../app/ui/ProgressBar";
import { Textarea, type TextareaProps } from "../../app/ui/Textarea";

describe("linkifyParts", () => {
  it("returns plain text as one text part", () => {
    expect(linkifyParts("Enter a name.")).toEqual([{ type: "text", value: "Enter a name." }]);
  });

  it("returns nothing for an empty string", () => {
    expect(linkifyParts("")).toEqual([]);
  });

  it("splits an https address out of the text and leaves a final period as text", () => {
    expect(linkifyParts("See https://studio.example/help.")).toEqual([
      { type: "text", value: "See " },
      { type: "link", value: "https://studio.example/help", href: "https://studio.example/help" },
      { type: "text", value: "." },
    ]);
  });

  it("gives www. addresses an https href but keeps the visible text", () => {
    expect(linkifyParts("Go to www.example.com, then log in")).toEqual([
      { type: "text", value: "Go to " },
      { type: "link", value: "www.example.com", href: "https://www.example.com" },
      { type: "text", value: ", then log in" },
    ]);
  });

  it("handles several addresses, http and query strings", () => {
    const parts = linkifyParts("Try http://a.example/x?y=1&z=2 or www.b.example!");
    expect(parts.filter((p) => p.type === "link").map((p) => p.value)).toEqual([
      "http://a.example/x?y=1&z=2",
      "www.b.example",
    ]);
    expect(parts.at(-1)).toEqual({ type: "text", value: "!" });
  });

  it("drops an unbalanced closing bracket but keeps a balanced one", () => {
    expect(linkifyParts("(see www.example.com)")).toEqual([
      { type: "text", value: "(see " },
      { type: "link", value: "www.example.com", href: "https://www.example.com" },
      { type: "text", value: ")" },
    ]);
    const wiki = linkifyParts("https://en.wikipedia.org/wiki/Fugue_(music).");
    expect(wiki[0]).toEqual({
      type: "link",
      value: "https://en.wikipedia.org/wiki/Fugue_(music)",
      href: "https://en.wikipedia.org/wiki/Fugue_(music)",
    });
  });

  it("does not link a bare scheme or other schemes", () => {
    expect(linkifyParts("https:// is not a link").every((p) => p.type === "text")).toBe(true);
    expect(linkifyParts("javascript:alert(1)").every((p) => p.type === "text")).toBe(true);
  });
});

describe("shouldShowError", () => {
  it("shows an error message only while the field is empty", () => {
    expect(shouldShowError({ length: 0, error: "Required" })).toBe(true);
    expect(shouldShowError({ length: 1, error: "Required" })).toBe(false);
  });

  it("shows the outline-only error while empty", () => {
    expect(shouldShowError({ length: 0, errorOutline: true })).toBe(true);
    expect(shouldShowError({ length: 3, errorOutline: true })).toBe(false);
  });

  it("shows nothing without a message or flag", () => {
    expect(shouldShowError({ length: 0 })).toBe(false);
    expect(shouldShowError({ length: 0, error: "" })).toBe(false);
    expect(shouldShowError({ length: 0, error: null })).toBe(false);
  });

  it("alwaysShowError shows whenever a message is present", () => {
    expect(shouldShowError({ length: 12, error: "Invalid email", alwaysShowError: true })).toBe(true);
    expect(shouldShowError({ length: 0, error: "Invalid email", alwaysShowError: true })).toBe(true);
    expect(shouldShowError({ length: 12, alwaysShowError: true })).toBe(false);
  });
});

describe("progressColor", () => {
  it("is green only at 100%", () => {
    expect(progressColor(100)).toBe("--color-success");
    expect(progressColor(150)).toBe("--color-success");
    expect(progressColor(99.9)).toBe("--color-accent");
    expect(progressColor(35)).toBe("--color-accent");
    expect(progressColor(0)).toBe("--color-accent");
  });

  it("clamps values into 0..100", () => {
    expect(clampProgress(-5)).toBe(0);
    expect(clampProgress(Number.NaN)).toBe(0);
    expect(clampProgress(250)).toBe(100);
    expect(clampProgress(42)).toBe(42);
  });
});

// What the server renders, which is also the page without JavaScript (the browser's states are in
// tests/e2e/interface-states.spec.ts).
describe("Button", () => {
  const button = (props: Parameters<typeof Button>[0]) => renderToStaticMarkup(createElement(Button, props));

  it("while loading is disabled, busy, and adds 'Loading' after its label beside a hidden spinner", () => {
    const html = button({ type: "submit", loading: true, children: "Save" });
    expect(html).toMatch(/^<button type="submit"[^>]* disabled=""[^>]* aria-busy="true">/);
    expect(html).toContain('<span class="btn__label">Save</span>');
    expect(html).toContain(
      '<span class="spinner" aria-hidden="true"></span><span class="visually-hidden">Loading</span>',
    );
  });

  it("is disabled by its disabled flag without being busy", () => {
    const html = button({ disabled: true, children: "Save" });
    expect(html).toMatch(/^<button [^>]*disabled=""/);
    expect(html).not.toContain("aria-busy");
    expect(html).not.toContain("Loading");
  });

  it("is otherwise enabled and not busy, and submits nothing unless it is made a submit button", () => {
    const html = button({ children: "Save" });
    expect(html).toMatch(/^<button type="button" class="btn btn--primary btn--medium">/);
    expect(html).not.toMatch(/disabled|aria-busy|Loading/);
  });
});

describe("Textarea", () => {
  const textarea = (props: Partial<TextareaProps>) =>
    renderToStaticMarkup(createElement(Textarea, { label: "About you", name: "about", id: "about", ...props }));
  const count = (html: string) => /<p id="about-count" class="field__count">(.*?)<\/p>/.exec(html)?.[1];

  it("shows '{count}/{limit}' of the text it has, read with the field, and takes no more than the limit", () => {
    const html = textarea({ limit: 200, defaultValue: "I teach guitar.", hint: "A line or two." });
    expect(count(html)).toBe(
      '<span aria-hidden="true">15/200</span><span class="visually-hidden">15 of 200 characters used</span>',
    );
    expect(html).toContain('maxLength="200"');
    expect(html).toContain('aria-describedby="about-hint about-count"');
  });

  it("counts a controlled value, empty as 0", () => {
    expect(count(textarea({ limit: 10, value: "abc", onChange: () => {} }))).toContain(">3/10<");
    expect(count(textarea({ limit: 10 }))).toContain(">0/10<");
  });

  it("at the limit shows the limit over itself, and a longer value its own count", () => {
    expect(count(textarea({ limit: 10, defaultValue: "x".repeat(10) }))).toContain(">10/10<");
    expect(count(textarea({ limit: 10, defaultValue: "x".repeat(12) }))).toContain(">12/10<");
  });

  it("without a limit shows no count and sets no cap", () => {
    const html = textarea({ defaultValue: "abc" });
    expect(html).not.toContain("field__count");
    expect(html).not.toContain("maxLength");
  });
});

describe("PasswordInput", () => {
  it("renders a password field with no show/hide button until JavaScript has it working", () => {
    const html = renderToStaticMarkup(createElement(PasswordInput, { label: "Password", name: "password" }));
    expect(html).toMatch(/<input [^>]*type="password"/);
    expect(html).toContain('autoComplete="current-password"');
    expect(html).not.toContain("<button");
  });
});
