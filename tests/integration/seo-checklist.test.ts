import { describe, expect, it } from "vitest";
import type { SeoChecklist } from "#common/seo/seo.ts";
import { expectAdminOnlyProcedure, expectAdminOnlyRest } from "../helpers/authorization";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();

const json = { "content-type": "application/json" };
const checklist = async (user: TestUser) => {
  const result = await t.trpcQuery<SeoChecklist>("seo.checklist", undefined, user.headers);
  expect(result.status).toBe(200);
  return result.data;
};
const toggle = async (user: TestUser, id: number, checked: boolean) => {
  const result = await t.trpcMutation<SeoChecklist>("seo.toggle", { id, checked }, user.headers);
  expect(result.status, `toggle ${id} ${checked}`).toBe(200);
  return result.data;
};

describe("SEO checklist: authorization", () => {
  it("seo.checklist, seo.toggle and seo.reset are admin-only", async () => {
    await expectAdminOnlyProcedure(t, { type: "query", path: "seo.checklist" });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "seo.toggle", input: { id: 1, checked: true } });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "seo.reset" });
  });

  it("GET and PUT /api/seo/checklist are admin-only", async () => {
    await expectAdminOnlyRest(t, { method: "GET", url: "/api/seo/checklist" });
    await expectAdminOnlyRest(t, {
      method: "PUT",
      url: "/api/seo/checklist",
      headers: json,
      payload: JSON.stringify({ checkedItems: { "1": true } }),
    });
  });

  it("refuses an anonymous PUT before reading its body", async () => {
    const response = await t.inject({ method: "PUT", url: "/api/seo/checklist", headers: json, payload: "{}" });
    expect(response.statusCode).toBe(401);
  });
});

describe("SEO checklist: behaviour", () => {
  it("starts with the five items unchecked and no lastUpdated", async () => {
    const admin = await t.createUser("admin");
    // Undo what the authorization tests stored.
    const replaced = await t.inject({
      method: "PUT",
      url: "/api/seo/checklist",
      headers: { ...json, ...admin.headers },
      payload: JSON.stringify({ checkedItems: {} }),
    });
    expect(replaced.statusCode).toBe(200);
    const state = await checklist(admin);
    expect(state.items.map((item) => [item.id, item.category])).toEqual([
      [1, "search"],
      [2, "search"],
      [3, "analytics"],
      [4, "promotion"],
      [5, "performance"],
    ]);
    for (const item of state.items) {
      expect(item.label.length).toBeGreaterThan(5);
      expect(item.help.length).toBeGreaterThan(40);
      expect(item.link).toMatch(/^https:\/\//);
    }
    expect(state.checkedItems).toEqual({});
  });

  it("toggles one item at a time, records when and by whom, and is shared by all admins", async () => {
    const ada = await t.createUser("admin", { name: "Ada Admin" });
    const bo = await t.createUser("owner", { name: "Bo Owner" });
    const before = Date.now();

    const afterAda = await toggle(ada, 1, true);
    expect(afterAda.checkedItems).toEqual({ "1": true });
    expect(afterAda.updatedBy).toBe("Ada Admin");
    expect(Date.parse(afterAda.lastUpdated!)).toBeGreaterThanOrEqual(before - 1000);

    await toggle(bo, 3, true);
    const seenByAda = await checklist(ada);
    expect(seenByAda.checkedItems).toEqual({ "1": true, "3": true });
    expect(seenByAda.updatedBy).toBe("Bo Owner");

    const unchecked = await toggle(ada, 1, false);
    expect(unchecked.checkedItems).toEqual({ "3": true });
    // Toggling to the state it already has changes nothing else.
    expect((await toggle(ada, 1, false)).checkedItems).toEqual({ "3": true });
    expect(Date.parse(unchecked.lastUpdated!)).toBeGreaterThanOrEqual(Date.parse(afterAda.lastUpdated!));

    // REST reads the same state.
    const rest = await t.inject({ method: "GET", url: "/api/seo/checklist", headers: bo.headers });
    expect(rest.json<SeoChecklist>().checkedItems).toEqual({ "3": true });
  });

  it("resets every item and moves lastUpdated", async () => {
    const admin = await t.createUser("admin");
    for (const id of [1, 2, 3, 4, 5]) await toggle(admin, id, true);
    const full = await checklist(admin);
    expect(Object.keys(full.checkedItems)).toHaveLength(5);

    const result = await t.trpcMutation<SeoChecklist>("seo.reset", undefined, admin.headers);
    expect(result.status).toBe(200);
    expect(result.data.checkedItems).toEqual({});
    expect(Date.parse(result.data.lastUpdated!)).toBeGreaterThanOrEqual(Date.parse(full.lastUpdated!));
    expect((await checklist(admin)).checkedItems).toEqual({});
  });

  it("keeps both changes when admins toggle different items at the same moment", async () => {
    const one = await t.createUser("admin");
    const two = await t.createUser("admin");
    await t.trpcMutation("seo.reset", undefined, one.headers);
    for (let round = 0; round < 3; round++) {
      await Promise.all([1, 2, 3, 4, 5].map((id) => toggle(id % 2 ? one : two, id, true)));
      expect((await checklist(one)).checkedItems).toEqual({ "1": true, "2": true, "3": true, "4": true, "5": true });
      await Promise.all([1, 3, 5].map((id) => toggle(id === 3 ? two : one, id, false)));
      expect((await checklist(two)).checkedItems).toEqual({ "2": true, "4": true });
      await t.trpcMutation("seo.reset", undefined, one.headers);
    }
  });

  it("refuses unknown ids and non-boolean values with the schema's message", async () => {
    const admin = await t.createUser("admin");
    const bad = await t.trpcMutation("seo.toggle", { id: 6, checked: true }, admin.headers);
    expect(bad.status).toBe(400);
    expect(bad.error?.data.code).toBe("BAD_REQUEST");
    expect(bad.error?.message).toBe("Item id must be one of 1, 2, 3, 4, 5");

    const put = (payload: unknown) =>
      t.inject({ method: "PUT", url: "/api/seo/checklist", headers: { ...json, ...admin.headers }, payload: JSON.stringify(payload) });
    const unknownKey = await put({ checkedItems: { "9": true } });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json()).toEqual({ error: "checkedItems keys must be among 1, 2, 3, 4, 5" });
    const notBoolean = await put({ checkedItems: { "1": "yes" } });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json()).toEqual({ error: "Each checklist value must be true or false" });
  });

  it("PUT replaces the whole map; false entries are unchecked", async () => {
    const admin = await t.createUser("admin", { name: "Putter" });
    const response = await t.inject({
      method: "PUT",
      url: "/api/seo/checklist",
      headers: { ...json, ...admin.headers },
      payload: JSON.stringify({ checkedItems: { "2": true, "4": true, "5": false } }),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<SeoChecklist>();
    expect(body.checkedItems).toEqual({ "2": true, "4": true });
    expect(body.updatedBy).toBe("Putter");
    expect(body.lastUpdated).toEqual(expect.any(String));
    expect((await checklist(admin)).checkedItems).toEqual({ "2": true, "4": true });
  });

  it("marks its answers noindex", async () => {
    const admin = await t.createUser("admin");
    const ok = await t.inject({ method: "GET", url: "/api/seo/checklist", headers: admin.headers });
    expect(ok.headers["x-robots-tag"]).toBe("noindex");
    const refused = await t.inject({ method: "GET", url: "/api/seo/checklist" });
    expect(refused.headers["x-robots-tag"]).toBe("noindex");
  });
});
