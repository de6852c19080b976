import { describe, expect, it } from "vitest";
import type { ImageTestProgress } from "#common/image-test/image-test.ts";
import { expectAdminOnlyProcedure } from "../helpers/authorization";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();

const progress = async (admin: TestUser) => {
  const result = await t.trpcQuery<ImageTestProgress>("imageTest.get", undefined, admin.headers);
  expect(result.status).toBe(200);
  return result.data;
};
const complete = async (admin: TestUser, test: string) => {
  const result = await t.trpcMutation<ImageTestProgress>("imageTest.complete", { test }, admin.headers);
  expect(result.status, `complete ${test}`).toBe(200);
  return result.data;
};

describe("image test progress: authorization", () => {
  it("imageTest.get, imageTest.complete and imageTest.reset are admin-only", async () => {
    await expectAdminOnlyProcedure(t, { type: "query", path: "imageTest.get" });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "imageTest.complete", input: { test: "paste" } });
    await expectAdminOnlyProcedure(t, { type: "mutation", path: "imageTest.reset" });
  });
});

describe("image test progress: behaviour", () => {
  it("starts empty, records each completed test with its time, and keeps the first time", async () => {
    const admin = await t.createUser("admin");
    expect(await progress(admin)).toEqual({ completed: {} });

    const before = Date.now();
    const afterPaste = await complete(admin, "paste");
    expect(Object.keys(afterPaste.completed)).toEqual(["paste"]);
    const pastedAt = afterPaste.completed.paste!;
    expect(Date.parse(pastedAt)).toBeGreaterThanOrEqual(before - 1000);

    const again = await complete(admin, "paste");
    expect(again.completed.paste).toBe(pastedAt);

    for (const test of ["drag-and-drop", "choose-files", "annotate", "share"]) await complete(admin, test);
    const all = await progress(admin);
    expect(Object.keys(all.completed).sort()).toEqual(["annotate", "choose-files", "drag-and-drop", "paste", "share"]);
  });

  it("keeps each admin's progress apart, and reset clears only the caller's", async () => {
    const ada = await t.createUser("admin");
    const bo = await t.createUser("owner");
    await complete(ada, "share");
    await complete(bo, "annotate");

    expect(Object.keys((await progress(ada)).completed)).toEqual(["share"]);
    expect(Object.keys((await progress(bo)).completed)).toEqual(["annotate"]);

    const reset = await t.trpcMutation<ImageTestProgress>("imageTest.reset", undefined, ada.headers);
    expect(reset.status).toBe(200);
    expect(reset.data).toEqual({ completed: {} });
    expect(await progress(ada)).toEqual({ completed: {} });
    expect(Object.keys((await progress(bo)).completed)).toEqual(["annotate"]);
  });

  it("refuses an unknown test name with a message naming the five", async () => {
    const admin = await t.createUser("admin");
    const result = await t.trpcMutation("imageTest.complete", { test: "upload-everything" }, admin.headers);
    expect(result.status).toBe(400);
    expect(result.error?.message).toContain("drag-and-drop, paste, choose-files, annotate, share");
    expect(await progress(admin)).toEqual({ completed: {} });
  });
});
