import { describe, expect, it } from "vitest";
import { BUILDER_TAGS } from "#common/builders/builders.ts";
import { builderSubmitInput, builderUpdateInput } from "#common/builders/input.ts";

const base = { name: "Ada", email: "ada@example.com" };
const messageOf = (value: unknown) => {
  const result = builderSubmitInput.safeParse(value);
  return result.success ? null : result.error.issues[0]!.message;
};

describe("builderSubmitInput", () => {
  it("needs only name and email, trims, lower-cases the email and turns empty optionals into null", () => {
    const parsed = builderSubmitInput.parse({ name: "  Ada Lovelace ", email: " Ada@Example.COM ", title: " ", bio: "", websiteUrl: "" });
    expect(parsed).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      title: null,
      bio: null,
      location: null,
      twitterHandle: null,
      websiteUrl: null,
      linkedinUrl: null,
      currentProject: null,
      tags: [],
    });
  });

  it("drops keys the form does not own (status)", () => {
    const parsed = builderSubmitInput.parse({ ...base, status: "verified" });
    expect(parsed).not.toHaveProperty("status");
  });

  it("accepts only avatars uploaded here; empty or null removes, missing keeps", () => {
    const uploaded = "/uploads/avatars/0b5e1c9a-3f4d-4c2b-9a8e-1d2c3b4a5f60";
    expect(builderSubmitInput.parse({ ...base, avatarUrl: uploaded }).avatarUrl).toBe(uploaded);
    expect(builderSubmitInput.parse({ ...base, avatarUrl: "" }).avatarUrl).toBeNull();
    expect(builderSubmitInput.parse({ ...base, avatarUrl: null }).avatarUrl).toBeNull();
    expect(builderSubmitInput.parse(base).avatarUrl).toBeUndefined();
    for (const avatarUrl of ["https://evil.example/a.png", `${uploaded}/../x`, "/uploads/avatars/x"]) {
      expect(builderSubmitInput.safeParse({ ...base, avatarUrl }).error?.issues[0]?.message, avatarUrl).toBe(
        "Avatar must be an image uploaded with the form",
      );
    }
  });

  it.each([
    [{ email: "a@example.com" }, "Name is required"],
    [{ name: "   ", email: "a@example.com" }, "Name is required"],
    [{ name: "A" }, "Email address is required"],
    [{ name: "A", email: "nope" }, "Please enter a valid email address"],
    [{ ...base, name: "x".repeat(101) }, "Name must be at most 100 characters"],
    [{ ...base, bio: "x".repeat(501) }, "Bio must be at most 500 characters"],
    [{ ...base, websiteUrl: "javascript:alert(1)" }, "Website must be a full web address starting with http:// or https://"],
    [{ ...base, websiteUrl: "ftp://files.example.com" }, "Website must be a full web address starting with http:// or https://"],
    [{ ...base, websiteUrl: "example.com" }, "Website must be a full web address starting with http:// or https://"],
    [{ ...base, linkedinUrl: "linkedin" }, "LinkedIn URL must be a full web address starting with http:// or https://"],
    [{ ...base, twitterHandle: "@" }, "Twitter/X handle must be 1 to 15 letters, numbers or underscores"],
    [{ ...base, twitterHandle: "has space" }, "Twitter/X handle must be 1 to 15 letters, numbers or underscores"],
    [{ ...base, twitterHandle: "a".repeat(16) }, "Twitter/X handle must be 1 to 15 letters, numbers or underscores"],
    [{ ...base, tags: ["Wizard"] }, "Please choose tags from the list"],
    [{ ...base, tags: ["Designer", "Designer"] }, "Each tag can be chosen only once"],
    [{ ...base, tags: [...BUILDER_TAGS, "Designer"] }, "Choose at most 10 tags"],
    [{ ...base, tags: "Designer" }, "Tags must be a list"],
  ])("refuses %j with %j", (value, message) => {
    expect(messageOf(value)).toBe(message);
  });

  it("accepts http(s) links and a handle with or without @, stored without it", () => {
    const parsed = builderSubmitInput.parse({
      ...base,
      websiteUrl: "https://ada.dev/about?x=1",
      linkedinUrl: "http://www.linkedin.com/in/ada",
      twitterHandle: " @Ada_1815 ",
      tags: [...BUILDER_TAGS],
    });
    expect(parsed.websiteUrl).toBe("https://ada.dev/about?x=1");
    expect(parsed.linkedinUrl).toBe("http://www.linkedin.com/in/ada");
    expect(parsed.twitterHandle).toBe("Ada_1815");
    expect(parsed.tags).toHaveLength(10);
    expect(builderSubmitInput.parse({ ...base, twitterHandle: "a".repeat(15) }).twitterHandle).toBe("a".repeat(15));
  });
});

describe("builderUpdateInput", () => {
  it("has the same rules but no email", () => {
    const parsed = builderUpdateInput.parse({ name: "Ada", email: "other@example.com", twitterHandle: "@ada" });
    expect(parsed).not.toHaveProperty("email");
    expect(parsed.twitterHandle).toBe("ada");
    expect(builderUpdateInput.safeParse({ name: "" }).success).toBe(false);
  });
});
