/** Remix classic compiler, targeting Cloudflare Workers (see README: "How it is built"). */
/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  // The worker entry wraps the Remix build; the output is the whole worker that wrangler runs.
  server: "./workers/app.ts",
  serverBuildPath: "build/worker.js",
  serverConditions: ["workerd", "worker", "browser"],
  // Everything is bundled but the runtime's own modules ("cloudflare:workers", which partyserver and
  // the Durable Objects import): workerd provides those. And PDF.js (unpdf/pdfjs, loaded only when a
  // PDF is described): Remix's esbuild 0.17 miscompiles its static class blocks, so wrangler's newer
  // esbuild bundles it when it bundles build/worker.js (deploy, dev and the tests alike).
  serverDependenciesToBundle: [/^(?!cloudflare:|unpdf\/pdfjs$)/],
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
