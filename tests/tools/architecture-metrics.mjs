// `npm run architecture [route files…]`: the shape's numbers (issue 13). Folder-level cycles between
// features (strongly connected components), file cycles, casts, HTTP inside features, files per
// feature, and the longest import path from each given route to a module that queries D1.
// Defaults to the cart add (screen and API) and the plan creation (API and screen).
import { execSync } from "node:child_process";
import fs from "node:fs";
const out = JSON.parse(
  execSync(
    "npx depcruise app workers --no-config --exclude '^(build|public/build)/' --ts-config tsconfig.json --output-type json --do-not-follow node_modules",
    { maxBuffer: 1 << 28 },
  ).toString(),
);
const feat = (p) => {
  const m = p.match(/^app\/features\/([^/]+)\//);
  return m ? m[1] : p.startsWith("app/platform/") ? "(platform)" : null;
};
const g = new Map();
const fg = new Map();
for (const m of out.modules) {
  fg.set(
    m.source,
    m.dependencies
      .filter((d) => d.resolved.startsWith("app/") || d.resolved.startsWith("workers/"))
      .map((d) => d.resolved),
  );
  const a = feat(m.source);
  if (!a) continue;
  for (const d of m.dependencies) {
    const b = feat(d.resolved);
    if (b && b !== a) {
      if (!g.has(a)) g.set(a, new Set());
      g.get(a).add(b);
    }
  }
}
function scc(graph) {
  let i = 0;
  const idx = new Map(),
    low = new Map(),
    st = [],
    on = new Set(),
    res = [];
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s])]);
  function sc(v) {
    idx.set(v, i);
    low.set(v, i);
    i++;
    st.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        sc(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = st.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) res.push(c);
    }
  }
  for (const v of nodes) if (!idx.has(v)) sc(v);
  return res;
}
const fc = scc(g);
console.log(
  "folder-level cycles (SCCs):",
  fc.length,
  fc.map((c) => `${c.length}: ${c.sort().join(",")}`),
);
const filec = scc(new Map([...fg].map(([k, v]) => [k, new Set(v)])));
console.log(
  "file-level cycles (SCCs):",
  filec.length,
  "files in cycles:",
  filec.reduce((n, c) => n + c.length, 0),
);
console.log("platform imports of features:", [...(g.get("(platform)") ?? [])].join(",") || "none");
const sh = (c) => execSync(c, { shell: "/bin/bash" }).toString().trim();
console.log("`as unknown as` in app+workers:", sh("grep -rn 'as unknown as' app workers | wc -l"));
console.log(
  "feature files taking Request:",
  sh("grep -rlE 'request: Request|\\(request\\b|Request\\)' app/features | wc -l"),
);
console.log(
  "feature files importing the Remix server runtime:",
  sh("grep -rlE '@remix-run/(cloudflare|server-runtime|node)' app/features | wc -l"),
);
console.log("feature files importing @remix-run/react:", sh("grep -rl '@remix-run/react' app/features | wc -l"));
console.log("feature files with raw prepare():", sh("grep -rl 'prepare(' app/features app/platform | wc -l"));
console.log(
  "files per feature:",
  sh("for d in app/features/*/; do printf '%s=%s ' $(basename $d) $(find $d -type f | wc -l); done"),
);
// longest route->db path (by file hops) from a route file to any module importing db.server/schema
const target = (f) => (fg.get(f) ?? []).some((d) => d === "app/platform/db.server.ts" || d === "app/db/schema.ts");
function longest(start) {
  const memo = new Map();
  const visiting = new Set();
  function L(f) {
    if (memo.has(f)) return memo.get(f);
    if (visiting.has(f)) return null;
    visiting.add(f);
    let best = target(f) ? [f] : null;
    for (const d of fg.get(f) ?? []) {
      if (!d.startsWith("app/")) continue;
      const p = L(d);
      if (p && (!best || p.length + 1 > best.length)) best = [f, ...p];
    }
    visiting.delete(f);
    memo.set(f, best);
    return best;
  }
  return L(start);
}
const routes = process.argv.slice(2);
if (routes.length === 0)
  routes.push(
    ...fs
      .readdirSync("app/routes", { recursive: true })
      .map((f) => `app/routes/${f}`)
      .filter(
        (f) =>
          /^app\/routes\/(cart|api\.updateCart|api\.apps\.createPersonalizedPlan\.|apps\.\$storefrontSlug\.\$appSlug_\.onboarding_\.plan)/.test(
            f,
          ) &&
          // Route modules only: a flat-route file, or a route folder's route.tsx (its other files are reached from it).
          /^app\/routes\/([^/]+\.tsx?|[^/]+\/route\.tsx?)$/.test(f),
      ),
  );
for (const r of routes) {
  const p = longest(r);
  console.log(`longest route->db path from ${r}: ${p ? p.length - 1 : "none"} hops`);
  if (p) console.log("  " + p.join("\n  -> "));
}
