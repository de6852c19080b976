import { describe, expect, it } from "vitest";
import { withTypedTexts } from "#client/lib/form-return.ts";

const typedInto = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};

describe("a form's state takes over what was typed before the scripts ran", () => {
  it("takes the typed texts of the named fields, and keeps a field left empty", () => {
    const current = { email: "", password: "", name: "Kept" };
    expect(
      withTypedTexts(current, typedInto({ email: "a@example.com", password: "secret", name: "" }), ["email", "password", "name"]),
    ).toEqual({
      email: "a@example.com",
      password: "secret",
      name: "Kept",
    });
  });

  it("leaves out a field it was not given", () => {
    expect(withTypedTexts({ email: "", code: "" }, typedInto({ email: "a@example.com", code: "123456" }), ["email"])).toEqual({
      email: "a@example.com",
      code: "",
    });
  });

  it("returns the same state when nothing differs, so hydration renders nothing again", () => {
    const current = { email: "a@example.com", password: "" };
    expect(withTypedTexts(current, typedInto({ email: "a@example.com", password: "" }), ["email", "password"])).toBe(current);
    expect(withTypedTexts(current, new FormData(), ["email", "password"])).toBe(current);
  });
});
