// The project's Markdown (every README, the decision records) as a reader follows it: every relative
// link leads to a file or folder that exists, and to a heading there when it names one; the top-level
// README stays a page a newcomer reads (at most 30,000 characters); and no page or comment narrates the
// project's history (a bench run's figures go to its report in tests/.report/, not into the reference).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const SKIPPED = new Set(["node_modules", ".git", ".wrangler", ".cache", "build", ".report", ".results", ".state"]);

/** Files under the repository, committed or new (git), else found by walking the tree. */
function projectFiles(): string[] {
  try {
    const out = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    return [...new Set(out.split("\n").filter(Boolean))].filter(
      (f) => !f.split("/").some((part) => SKIPPED.has(part)) && existsSync(join(root, f)),
    );
  } catch {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        if (SKIPPED.has(entry.name)) continue;
        const path = dir ? `${dir}/${entry.name}` : entry.name;
        if (entry.isDirectory()) walk(path);
        else found.push(path);
      }
    };
    walk("");
    return found;
  }
}

const files = projectFiles();
const markdown = files.filter((f) => f.endsWith(".md"));

/** The text a reader sees as Markdown: fenced code blocks and inline code spans blanked out. */
function prose(text: string): string {
  let fenced = false;
  return text
    .split("\n")
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return "";
      }
      return fenced ? "" : line.replace(/`+[^`]*`+/g, "``");
    })
    .join("\n");
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]+>/g, "")
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Every link target in a Markdown file: inline links and images, and reference definitions. */
function linkTargets(text: string): string[] {
  const body = prose(text);
  const targets: string[] = [];
  for (const m of body.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g))
    targets.push(m[1].replace(/^<|>$/g, ""));
  for (const m of body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) targets.push(m[1].replace(/^<|>$/g, ""));
  return targets;
}

/** What is wrong with a relative link from `from`, or null when it leads somewhere. */
function brokenLink(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) return null;
  const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
  const path = decodeURIComponent(pathPart);
  const absolute =
    path === "" ? join(root, from) : path.startsWith("/") ? join(root, path) : resolve(root, dirname(from), path);
  if (!existsSync(absolute)) return `${target}: no such file or folder`;
  if (!anchor) return null;
  const page = statSync(absolute).isDirectory() ? join(absolute, "README.md") : absolute;
  if (!page.endsWith(".md") || !existsSync(page)) return null;
  return anchorsOf(page).has(decodeURIComponent(anchor).toLowerCase())
    ? null
    : `${target}: no heading #${anchor} in ${relative(root, page)}`;
}

const NARRATION =
  /\b(fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|[0-9]+th) session\b|this session|looked at and left|what changed/i;
/** A run's date or a session's number in a comment: "(2026-11-26)", "measured 2026-11-25", "the ninth session". */
const DATED =
  /\((?:measured |run |on )?20\d\d-\d\d-\d\d\)|measured 20\d\d-\d\d-\d\d|\b(fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|[0-9]+th) session\b/i;
const SOURCE = /^(app|workers|tests)\/.*\.(ts|tsx|js|mjs|cjs|css|sh)$/;
const THIS_FILE = "tests/unit/readme-links.test.ts";

/** The comment lines of a source file (line comments, block comments, shell comments). */
function commentLines(text: string): string[] {
  return text.split("\n").filter((line) => /^\s*(\/\/|\/\*|\*|#(?!!))/.test(line) || /\s\/\/\s/.test(line));
}

describe("the project's Markdown", () => {
  it("is found (README.md, app/README.md and the decision records among it)", () => {
    expect(markdown).toContain("README.md");
    expect(markdown).toContain("app/README.md");
    expect(markdown.some((f) => f.startsWith("app/decisions/"))).toBe(true);
  });

  it("links only to files and folders that exist, and to headings they have", () => {
    const broken = markdown.flatMap((file) =>
      linkTargets(readFileSync(join(root, file), "utf8"))
        .map((target) => brokenLink(file, target))
        .filter((problem): problem is string => problem !== null)
        .map((problem) => `${file}: ${problem}`),
    );
    expect(broken).toEqual([]);
  });

  it("keeps the top-level README to at most 30,000 characters", () => {
    const readme = readFileSync(join(root, "README.md"));
    expect(readme.toString("utf8").length).toBeLessThanOrEqual(30_000);
    expect(readme.byteLength).toBeLessThanOrEqual(30_000);
  });

  it("states what is and why, and narrates no history", () => {
    const narrating = markdown.filter((file) => NARRATION.test(readFileSync(join(root, file), "utf8")));
    expect(narrating).toEqual([]);
  });
});

describe("the comments in app/, workers/ and tests/", () => {
  it("carry no run's date and no session's number", () => {
    const dated = files
      .filter((file) => SOURCE.test(file) && file !== THIS_FILE)
      .flatMap((file) =>
        commentLines(readFileSync(join(root, file), "utf8"))
          .filter((line) => DATED.test(line))
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(dated).toEqual([]);
  });
});

describe("the link checker", () => {
  it("finds a broken link, a missing heading, and leaves web addresses alone", () => {
    expect(brokenLink("README.md", "app/README.md")).toBeNull();
    expect(brokenLink("README.md", "app/no-such-page.md")).toMatch(/no such file/);
    expect(brokenLink("README.md", "tests/README.md#performance")).toBeNull();
    expect(brokenLink("README.md", "tests/README.md#no-such-heading")).toMatch(/no heading/);
    expect(brokenLink("app/README.md", "../workers/README.md")).toBeNull();
    expect(brokenLink("README.md", "https://example.com/missing")).toBeNull();
    expect(linkTargets('[a](b.md) `[c](d.md)`\n```\n[e](f.md)\n```\n![g](h.png "t")\n[i]: j.md')).toEqual([
      "b.md",
      "h.png",
      "j.md",
    ]);
  });
});
