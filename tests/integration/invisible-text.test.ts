import { describe, expect, it } from "vitest";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
const json = { "content-type": "application/json" };
const refusal = (label: string) =>
  `${label} must not contain invisible formatting characters (such as a byte-order mark or a right-to-left override)`;

// The probe's inputs: a byte-order mark and a right-to-left override ("Ada" + RLO + "gnp.exe" shows as "Adaexe.png").
const BOM_NAME = "\ufeffAda Lovelace";
const RLO_NAME = "Ada\u202Egnp.exe";

const post = (url: string, body: unknown, remoteAddress: string) =>
  t.inject({ method: "POST", url, headers: json, payload: JSON.stringify(body), remoteAddress });

describe("names and titles refuse invisible formatting characters", () => {
  it("in the signup name", async () => {
    for (const name of [BOM_NAME, RLO_NAME]) {
      const response = await post(
        "/api/auth/signup",
        { name, email: `ada-${name.length}@example.org`, password: "correct horse battery staple" },
        "198.51.100.71",
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: refusal("Full name") });
    }
  });

  it("in the waitlist name, while the same join without them is accepted", async () => {
    const refused = await post("/api/waitlist/join", { email: "bom@example.org", name: BOM_NAME }, "198.51.100.72");
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: refusal("Name") });
    const accepted = await post("/api/waitlist/join", { email: "bom@example.org", name: "Ada Lovelace" }, "198.51.100.72");
    expect(accepted.statusCode).toBeLessThan(300);
  });

  it("in the builder's name and title, not in the bio", async () => {
    const profile = { name: "Ada Lovelace", email: "builder@example.org", title: "Founder", bio: "עדה\u200f builds things" };
    const badName = await post("/api/builders", { ...profile, name: RLO_NAME }, "198.51.100.73");
    expect(badName.statusCode).toBe(400);
    expect(badName.json()).toEqual({ error: refusal("Name") });
    const badTitle = await post("/api/builders", { ...profile, title: "\u2066Founder\u2069" }, "198.51.100.73");
    expect(badTitle.statusCode).toBe(400);
    expect(badTitle.json()).toEqual({ error: refusal("Title") });
    const accepted = await post("/api/builders", profile, "198.51.100.73");
    expect(accepted.statusCode).toBeLessThan(300);
  });

  it("in the titles of experiments and content bangers", async () => {
    const user = await t.createUser("admin");
    const lab = await t.trpcMutation(
      "lab.create",
      { title: BOM_NAME, hypothesis: "People want it", targetMetric: "10 signups" },
      user.headers,
    );
    expect(lab.status).toBe(400);
    expect(lab.error?.message).toContain(refusal("Title"));
    const banger = await t.trpcMutation("bangers.create", { title: RLO_NAME, type: "tweet" }, user.headers);
    expect(banger.status).toBe(400);
    expect(banger.error?.message).toContain(refusal("Title"));
  });
});
