import { describe, expect, it } from "vitest";
import { pkceRequired } from "~/features/identity/authorization-request";

describe("pkceRequired", () => {
  it("holds for every public client, and for a confidential one only when it is set to", () => {
    expect(pkceRequired({ secret: null, requirePkce: false })).toBe(true);
    expect(pkceRequired({ secret: null, requirePkce: true })).toBe(true);
    expect(pkceRequired({ secret: "s", requirePkce: true })).toBe(true);
    expect(pkceRequired({ secret: "s", requirePkce: false })).toBe(false);
  });
});
