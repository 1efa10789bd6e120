/**
 * The dependency rule (ARCHITECTURE.md, app/README.md "Layers"): features sit in a fixed order and
 * import only from features before them, so no two features can ever form a loop. platform/, ui/
 * and db/ sit under every feature and import none; no feature imports a route, the root or app/http
 * (the routes' HTTP layer). `npm test` runs this; a new cycle or an upward import fails CI.
 */

/** Lowest first. A feature may import only features earlier in this list. */
const FEATURE_ORDER = [
  // 1. who and what: accounts and sessions, the catalogue and its offers, where visitors came from
  "flags",
  "legal",
  "identity",
  "catalog",
  "offers",
  "attribution",
  // 2. what learners do with them
  "purchases",
  "realtime",
  "jobs",
  "notifications",
  "analytics",
  // issue 15: A/B tests (the home hero first) record 'experiment | viewed' through analytics
  "experiments",
  "subscriptions",
  "cart",
  "learning",
  // issue 15: the sparks feed, challenges and bts videos play lessons and clips as learning does
  "sparks",
  "challenges",
  "bts",
  "checkout",
  // 3. creators' apps and what runs across areas
  "creators",
  "apps",
  // issue 15: a creator's public page lists their classes, collections and published apps
  "storefronts",
  "plans",
  "onboarding",
  "builder",
  // the app's media library, its descriptions and generated images (issue 20); it reads the blueprint
  "media",
  // issue 14: activities (cards, runs, AI analysis, end users' uploads) read the blueprint, plans and
  // media; the simulator and test flows drive onboarding, plans and activities as a persona
  "activities",
  "simulator",
  "admin",
  "home",
  "shell",
  "sign-in",
];

const feature = (name) => `^app/features/${name}/`;
const layerRules = FEATURE_ORDER.map((name, rank) => {
  const notBelow = FEATURE_ORDER.slice(rank + 1);
  return {
    name: `feature-order:${name}`,
    comment: `${name} may import only features earlier in FEATURE_ORDER (.dependency-cruiser.cjs).`,
    severity: "error",
    from: { path: feature(name) },
    to: { path: notBelow.length ? `^app/features/(${notBelow.join("|")})/` : "^$" },
  };
});

module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: "feature-ranked",
      comment: "Every feature folder has a place in FEATURE_ORDER.",
      severity: "error",
      from: { path: `^app/features/(?!(${FEATURE_ORDER.join("|")})/)` },
      to: {},
    },
    {
      name: "platform-below-features",
      comment: "platform/, ui/ and db/ are plumbing under every feature: they import none.",
      severity: "error",
      from: { path: "^app/(platform|ui|db)/" },
      to: { path: "^app/(features|routes|http)/|^app/root" },
    },
    {
      name: "features-below-routes",
      comment: "Routes own HTTP: features never import a route, the root or the routes' HTTP layer.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: "^app/(routes|http)/|^app/root" },
    },
    {
      name: "no-http-runtime-in-features",
      comment: "Features never see a Request, a Response, a cookie or a redirect: no Remix server runtime.",
      severity: "error",
      from: { path: "^app/features/" },
      to: { path: "@remix-run/(cloudflare|server-runtime|node)" },
    },
    {
      name: "no-circular",
      comment: "No file imports itself through others.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|public/build)/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
