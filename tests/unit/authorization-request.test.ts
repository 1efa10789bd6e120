import { describe, expect, it } from "vitest";
import { pkceRequired, readPrompt } from "~/features/identity/authorization-request";

describe("readPrompt (OpenID Connect Core §3.1.2.1)", () => {
  it("reads prompt=none, alone, as a request that may show no page", () => {
    expect(readPrompt("none")).toEqual({ ok: true, none: true });
    expect(readPrompt(" none  ")).toEqual({ ok: true, none: true });
    expect(readPrompt("none none")).toEqual({ ok: true, none: true });
  });

  it("takes no prompt, the other values and unknown ones as an ordinary request", () => {
    for (const value of [null, "", "login", "consent", "select_account", "login consent", "create", "NONE"])
      expect(readPrompt(value), String(value)).toEqual({ ok: true, none: false });
  });

  it("refuses none with any other value", () => {
    for (const value of ["none login", "consent none", "none select_account", "none create"])
      expect(readPrompt(value), value).toEqual({
        ok: false,
        description: "prompt=none cannot be combined with another prompt value.",
      });
  });
});

describe("pkceRequired", () => {
  it("holds for every public client, and for a confidential one only when it is set to", () => {
    expect(pkceRequired({ secret: null, requirePkce: false })).toBe(true);
    expect(pkceRequired({ secret: null, requirePkce: true })).toBe(true);
    expect(pkceRequired({ secret: "s", requirePkce: true })).toBe(true);
    expect(pkceRequired({ secret: "s", requirePkce: false })).toBe(false);
  });
});
