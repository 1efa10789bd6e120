/** Remix classic compiler, targeting Cloudflare Workers (workers/README.md "The build"). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  // The worker entry wraps the Remix build; the output is the whole worker that wrangler runs.
  server: "./workers/app.ts",
  serverBuildPath: "build/worker.js",
  serverConditions: ["workerd", "worker", "browser"],
  // Everything is bundled but the runtime's own modules ("cloudflare:workers", which partyserver and
  // the Durable Objects import): workerd provides those. And the lazy modules (workers/lazy-modules.mjs):
  // PDF.js (unpdf/pdfjs, which Remix's esbuild 0.17 also miscompiles), Stripe, Sentry's SDK, the
  // disposable-domain list, bowser, jpeg-js, jose, uqr, and the AI SDK and our own data that few requests need
  // (#lazy/*, package.json "imports"), each imported dynamically and built beside the worker, out of its
  // startup module.
  serverDependenciesToBundle: [
    /^(?!cloudflare:|unpdf\/pdfjs$|stripe$|disposable-email-domains-js$|@sentry\/cloudflare$|bowser$|jpeg-js$|jose$|uqr$|#lazy\/)/,
  ],
  // Patched option (workers/patches/@remix-run+dev, workers/lazy-routes.ts): the routes no first page view
  // needs load on first use, out of the worker's startup module (issue 17 goal 5). The routes each pattern
  // matches first are one module, loaded together.
  serverLazyRoutes: [
    // The creator's dashboard and AI builder, and the builder's API.
    /^routes\/(dashboard|v2\.dashboard|api\.app-builder\.)/,
    // Admin and developer pages.
    /^routes\/(admin|dev\.)/,
    // Account, sign-in and the identity provider (OAuth 2, the identity API).
    /^routes\/(account|auth|oauth2|\[\.well-known\]|api\.users\.)/,
    // The rest of the JSON API.
    /^routes\/api\./,
  ],
  serverMainFields: ["browser", "module", "main"],
  serverMinify: true,
  serverModuleFormat: "esm",
  serverPlatform: "neutral",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
