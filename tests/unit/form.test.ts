import { z } from "zod";
import { describe, expect, it } from "vitest";
import {
  firstErrors,
  hasOversizedIndex,
  MAX_FORM_INDEX,
  parseForm,
  withoutOversizedLists,
} from "~/platform/form.server";

describe("forms on the server: numbered fields no form of ours has are taken out before conform builds lists", () => {
  it("knows an oversized index anywhere in a name", () => {
    expect(hasOversizedIndex("email")).toBe(false);
    expect(hasOversizedIndex(`items[${MAX_FORM_INDEX}].title`)).toBe(false);
    expect(hasOversizedIndex(`items[${MAX_FORM_INDEX + 1}].title`)).toBe(true);
    expect(hasOversizedIndex("faq[100000000].question")).toBe(true);
    expect(hasOversizedIndex("pages[0].questions[99999999].label")).toBe(true);
    expect(hasOversizedIndex("a[1e9]")).toBe(false); // not a number to conform: a key, no list
  });

  it("keeps everything else, in order, and the same object when nothing goes", () => {
    const clean = new FormData();
    clean.append("email", "a@b.co");
    expect(withoutOversizedLists(clean)).toBe(clean);
    const form = new URLSearchParams([
      ["email", "a@b.co"],
      ["faq[100000000].question", "q"],
      ["tag", "1"],
      ["tag", "2"],
    ]);
    expect([...withoutOversizedLists(form).entries()]).toEqual([
      ["email", "a@b.co"],
      ["tag", "1"],
      ["tag", "2"],
    ]);
  });

  it("parses and replies without the oversized list (it made a reply of a hundred million entries)", () => {
    const form = new FormData();
    form.append("email", "not an email");
    form.append("faq[100000000].question", "q");
    const submission = parseForm(form, { schema: z.object({ email: z.string().email() }) });
    expect(submission.status).toBe("error");
    expect(JSON.stringify(submission.reply()).length).toBeLessThan(1000);
  });
});

describe("a refused form's first error per field", () => {
  const schema = z
    .object({ email: z.string().email("Enter an email."), name: z.string().min(2, "Too short.").max(3, "Too long.") })
    .refine((value) => value.name !== "Bob", { message: "Not Bob." });

  it("keeps one message per field, the first, and files form-level errors under form", () => {
    const bad = parseForm(
      new URLSearchParams([
        ["email", "nope"],
        ["name", "x"],
      ]),
      { schema },
    );
    expect(bad.status).toBe("error");
    expect(firstErrors(bad.status === "error" ? bad.error : null)).toEqual({
      email: "Enter an email.",
      name: "Too short.",
    });
    const bob = parseForm(
      new URLSearchParams([
        ["email", "a@b.co"],
        ["name", "Bob"],
      ]),
      { schema },
    );
    expect(firstErrors(bob.status === "error" ? bob.error : null)).toEqual({ form: "Not Bob." });
    expect(firstErrors(undefined)).toEqual({});
  });

  it("files each message under the field fieldOf names, the first one winning", () => {
    const error = { "uris[0]": ["Bad first."], "uris[1]": ["Bad second."], uris: null, hidden: ["Reload."] };
    const fieldOf = (name: string) => (name === "hidden" ? "form" : name.replace(/\[\d+\]$/, ""));
    expect(firstErrors(error, fieldOf)).toEqual({ uris: "Bad first.", form: "Reload." });
  });
});
