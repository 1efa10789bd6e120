import { describe, expect, it } from "vitest";
import { cookieDomainFor } from "~/platform/cookie-domain";
import { envSchema } from "~/platform/env";

describe("the session cookies' domain (spec 7: the parent domain, not on previews)", () => {
  it("uses the parent domain for the domain itself and its subdomains", () => {
    expect(cookieDomainFor("studio.example", "studio.example")).toBe("studio.example");
    expect(cookieDomainFor("studio.example", "www.studio.example")).toBe("studio.example");
    expect(cookieDomainFor("studio.example", "App.Studio.Example:443")).toBe("studio.example");
  });

  it("keeps cookies on the host anywhere else, and when no domain is set", () => {
    expect(cookieDomainFor("studio.example", "studio-preview.workers.dev")).toBeUndefined();
    expect(cookieDomainFor("studio.example", "evilstudio.example")).toBeUndefined();
    expect(cookieDomainFor("studio.example", "127.0.0.1:8787")).toBeUndefined();
    expect(cookieDomainFor(undefined, "www.studio.example")).toBeUndefined();
  });

  it("is a setting checked at the edge: a leading dot is dropped, anything but a domain name is refused", () => {
    expect(envSchema.parse({ SESSION_COOKIE_DOMAIN: ".Studio.example" }).SESSION_COOKIE_DOMAIN).toBe("studio.example");
    for (const bad of ["localhost", "https://studio.example", "studio.example/x", "stu dio.example"])
      expect(envSchema.safeParse({ SESSION_COOKIE_DOMAIN: bad }).success, bad).toBe(false);
  });
});
