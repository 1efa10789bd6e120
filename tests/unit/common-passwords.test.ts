import { dictionary } from "@zxcvbn-ts/language-common";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  commonPasswordCheck,
  isCommonPassword as isCommonPasswordAsync,
} from "~/features/identity/common-passwords.server";
import { listedPasswords, moduleText, MODULE } from "../../workers/common-passwords.mjs";

// The list is its own module, loaded on first need; the check itself is synchronous once it is there.
let isCommonPassword: (password: string) => boolean;
beforeAll(async () => {
  isCommonPassword = await commonPasswordCheck();
});

describe("common passwords", () => {
  it("loads the list on first need: the asynchronous check gives the same answers", async () => {
    expect(await isCommonPasswordAsync("Password1")).toBe(true);
    expect(await isCommonPasswordAsync("correct-horse-1")).toBe(false);
  });

  it("refuses the issue's examples, in any letter case", () => {
    for (const password of [
      "password",
      "12345678",
      "aaaaaaaa",
      "qwertyui",
      "PASSWORD",
      "Password1",
      "iloveyou",
      "sunshine",
      "qwerty123",
      "12121212",
      "zzzzzzzzzzzz",
    ])
      expect(isCommonPassword(password), password).toBe(true);
  });

  it("refuses every password of the list's 10,000 most common that our length rule lets through, and the rest of the list", () => {
    const ranked = dictionary["passwords-common"] as string[];
    const top = ranked.slice(0, 10_000).filter((p) => p.length >= 8 && p.trim() === p);
    expect(top.length).toBeGreaterThan(3_000);
    for (const password of top) expect(isCommonPassword(password), password).toBe(true);
    const listed = listedPasswords() as string[];
    expect(listed.length).toBeGreaterThan(17_000);
    expect(listed.filter((p) => !isCommonPassword(p))).toEqual([]);
  });

  it("accepts the demo accounts' and the tests' passwords, and uncommon ones", () => {
    const ours = [
      "learner-demo-1",
      "creator-demo-1",
      "admin-demo-1",
      "first password",
      "second password",
      "third password",
      "long enough",
      "analytical engine",
      "right password",
      "correct horse",
      "correct-horse-1",
      "bench-password-1",
      "commerce password",
      "membership rules",
      "photo password",
      "app buyer password",
      "tier buyer password",
      "password one",
      "password two",
      "new password",
      "not it at all",
      "wrong one!!",
      "bell rings twice",
      "commerce rules",
      "learning rules",
      "analytics rules",
      "compilers rule",
      "another password",
    ];
    expect(ours.filter(isCommonPassword)).toEqual([]);
    // Random passwords are (almost) never taken for common ones: the false-match rate is about 1 in 200,000.
    let falseMatches = 0;
    for (let i = 0; i < 20_000; i++) if (isCommonPassword(crypto.randomUUID().slice(0, 12))) falseMatches++;
    expect(falseMatches).toBeLessThan(3);
  });

  it("the module in the worker is the one the installed list gives", () => {
    expect(readFileSync(MODULE, "utf8")).toBe(moduleText());
  });
});
