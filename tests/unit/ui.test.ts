import { describe, it, expect } from "vitest";
import { shouldShowError } from "../../app/ui/fieldError";
import { linkifyParts } from "../../app/ui/linkify";
import { clampProgress, progressColor } from "../../app/ui/ProgressBar";

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
