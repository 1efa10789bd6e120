/** Remix classic compiler, targeting Cloudflare Workers (README: "Other commands", `npm run build`). */
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
  // disposable-domain list, bowser, jpeg-js, zod-to-json-schema, jose, uqr and our own data that few requests need
  // (#lazy/*, package.json "imports"), each imported dynamically and built beside the worker, out of its
  // startup module.
  serverDependenciesToBundle: [
    /^(?!cloudflare:|unpdf\/pdfjs$|stripe$|disposable-email-domains-js$|@sentry\/cloudflare$|bowser$|jpeg-js$|zod-to-json-schema$|jose$|uqr$|#lazy\/)/,
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
