#!/usr/bin/env node
// A real local OpenID Connect provider (oauth2-mock-server) standing in for Google and Apple in
// tests, and in development when you want to try social sign-in offline:
//
//   node tests/tools/oidc-server.mjs [--port 8796]
//   OAUTH_PROVIDERS='[{"id":"google","clientId":"google-local","issuer":"http://127.0.0.1:8796","authorizationEndpoint":"http://127.0.0.1:8796/authorize","tokenEndpoint":"http://127.0.0.1:8796/token","responseMode":"query"}]'
//
// It signs in whoever the authorize request names in login_hint (default social.user@example.com),
// as a verified email with names derived from it; login_hint "noemail@…" leaves the email out and
// "cancel@…" answers as if the person pressed Cancel. The code checks PKCE (S256) like a real provider.
import { OAuth2Server } from "oauth2-mock-server";

export function localProviders(port) {
  const issuer = `http://127.0.0.1:${port}`;
  const endpoints = {
    issuer,
    authorizationEndpoint: `${issuer}/authorize`,
    tokenEndpoint: `${issuer}/token`,
    responseMode: "query",
  };
  return [
    { id: "google", clientId: "google-local", clientSecret: "local-secret", ...endpoints },
    { id: "apple", clientId: "apple-local", clientSecret: "local-secret", ...endpoints },
  ];
}

function claimsFor(hint) {
  const email = (hint || "social.user@example.com").toLowerCase();
  const local = email.split("@")[0];
  const [given, family] = local.split(/[._-]/);
  const title = (s) => (s ? s[0].toUpperCase() + s.slice(1) : undefined);
  return {
    sub: `sub-${local}`,
    ...(local.startsWith("noemail") ? {} : { email, email_verified: !local.startsWith("unverified") }),
    ...(local.startsWith("noname") ? {} : { given_name: title(given), family_name: title(family) }),
  };
}

export async function startOidcServer(port) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  const byCode = new Map();
  server.service.on("beforeAuthorizeRedirect", (redirect, req) => {
    const hint = new URL(req.url, "http://localhost").searchParams.get("login_hint");
    const code = redirect.url.searchParams.get("code");
    if (hint?.startsWith("cancel")) {
      redirect.url.searchParams.delete("code");
      redirect.url.searchParams.set("error", "access_denied");
      redirect.url.searchParams.set("error_description", "The user cancelled the login");
      return;
    }
    if (code) byCode.set(code, claimsFor(hint));
  });
  server.service.on("beforeTokenSigning", (token, req) => {
    const claims = byCode.get(req.body?.code);
    if (claims) Object.assign(token.payload, claims);
  });
  await server.start(port, "127.0.0.1");
  // The tokens' issuer must be the address the product is configured with.
  server.issuer.url = `http://127.0.0.1:${port}`;
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const index = process.argv.indexOf("--port");
  const port = Number(index > 0 ? process.argv[index + 1] : 8796);
  await startOidcServer(port);
  console.log(
    `Local OpenID Connect provider on http://127.0.0.1:${port}\nOAUTH_PROVIDERS='${JSON.stringify(localProviders(port))}'`,
  );
}
