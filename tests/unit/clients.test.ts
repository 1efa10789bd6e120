import { describe, expect, it } from "vitest";
import { addClientSchema, isRedirectUri } from "~/features/identity/clients";

describe("isRedirectUri", () => {
  it("takes https anywhere and http on this machine only", () => {
    for (const good of [
      "https://app.example/callback",
      "https://app.example:8443/cb?from=studio",
      "http://localhost:5173/callback",
      "http://127.0.0.1/cb",
      "http://[::1]:3000/cb",
    ])
      expect(isRedirectUri(good), good).toBe(true);
    for (const bad of [
      "http://app.example/callback",
      "https://app.example/cb#fragment",
      "https://user:pass@app.example/cb",
      "javascript:alert(1)",
      "ftp://app.example/cb",
      "/callback",
      "not a url",
    ])
      expect(isRedirectUri(bad), bad).toBe(false);
  });
});

describe("addClientSchema", () => {
  it("reads one redirect address per line, without repeats", () => {
    const parsed = addClientSchema.parse({
      name: "  Practice Pal ",
      redirectUris: "https://a.example/cb\n\nhttps://a.example/cb  http://localhost:5173/cb",
      scopes: ["openid"],
    });
    expect(parsed).toEqual({
      name: "Practice Pal",
      redirectUris: ["https://a.example/cb", "http://localhost:5173/cb"],
      scopes: ["openid"],
    });
  });

  it("reads the Require PKCE box: checked is on, absent is off", () => {
    const base = { name: "App", redirectUris: "https://a.example/cb", scopes: ["openid"] };
    expect(addClientSchema.parse({ ...base, requirePkce: "on" }).requirePkce).toBe("on");
    expect(addClientSchema.parse(base).requirePkce).toBeUndefined();
    expect(addClientSchema.safeParse({ ...base, requirePkce: "yes" }).success).toBe(false);
  });

  it("refuses no name, no address, a bad address, no scope and an unknown scope", () => {
    const errors = (input: Record<string, unknown>) =>
      addClientSchema
        .safeParse({ name: "App", redirectUris: "https://a.example/cb", scopes: ["openid"], ...input })
        .error?.issues.map((issue) => issue.message);
    expect(errors({ name: " " })).toEqual(["Give the app a name."]);
    expect(errors({ redirectUris: "  " })).toEqual(["Give at least one redirect address."]);
    expect(errors({ redirectUris: "https://a.example/cb http://a.example/cb" })).toEqual([
      "Each redirect address is https (or http on localhost), without a #fragment.",
    ]);
    expect(errors({ scopes: [] })).toEqual(["Choose at least one scope."]);
    expect(errors({ scopes: ["phone"] })).toHaveLength(1);
  });
});
