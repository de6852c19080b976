import pg from "pg";
import { describe, expect, it } from "vitest";
import { DEFAULT_META_CONFIG } from "#common/site-assets/meta.ts";
import { builtClientDir, SSR_ENTRY } from "../helpers/built-client";
import { seedBuilder } from "../helpers/builders";
import { useTestApp, type TestApp } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

const clientDir = builtClientDir();
const a = useTestApp({ clientDir, ssrEntry: SSR_ENTRY, rateLimits: false });
// A second instance of the site on the same database: Postgres only (the embedded database has one process).
const b = usesRealPostgres() ? useTestApp({ clientDir, ssrEntry: SSR_ENTRY, rateLimits: false, sameDatabaseAs: a }) : undefined;

const page = async (t: TestApp, url: string) => (await t.inject({ method: "GET", url })).body;
const approve = async (admin: { headers: Record<string, string> }, id: string) => {
  const approved = await a.trpcMutation("builders.adminSetStatus", { id, status: "approved" }, admin.headers);
  expect(approved.status, JSON.stringify(approved.error)).toBe(200);
};
/** The directory as each instance has cached it: a builder approved behind the apps' backs stays unseen. */
const shadowIsUnseen = async (t: TestApp, name: string) => {
  await page(t, "/builders");
  await seedBuilder(a.db, { name, email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com` }, "approved");
  expect(await page(t, "/builders")).not.toContain(name);
};

describe("a write on this instance", () => {
  it("clears the cached directory at once", async () => {
    const admin = await a.createUser("admin");
    const { id } = await seedBuilder(a.db, { name: "Ada Local", email: "ada.local@example.com" });
    expect(await page(a, "/builders")).not.toContain("Ada Local");
    await shadowIsUnseen(a, "Shadow Local");

    await approve(admin, id);
    const listed = await page(a, "/builders");
    expect(listed).toContain("Ada Local");
    expect(listed).toContain("Shadow Local");
  });
});

describe.skipIf(!b)("a write on another instance", () => {
  it("reaches this instance's cached directory within a second", async () => {
    const admin = await a.createUser("admin");
    const { id } = await seedBuilder(a.db, { name: "Bea Remote", email: "bea.remote@example.com" });
    await shadowIsUnseen(b!, "Shadow Remote");

    await approve(admin, id);
    await expect.poll(() => page(b!, "/builders"), { timeout: 1000, interval: 20 }).toContain("Bea Remote");
  });

  it("reaches this instance's page heads within a second", async () => {
    const admin = await a.createUser("admin");
    expect(await page(b!, "/")).not.toContain("<title>Two Instances</title>");
    const saved = await a.trpcMutation("siteAssets.saveMetaTags", { ...DEFAULT_META_CONFIG, title: "Two Instances" }, admin.headers);
    expect(saved.status, JSON.stringify(saved.error)).toBe(200);
    await expect.poll(() => page(b!, "/"), { timeout: 1000, interval: 20 }).toContain("<title>Two Instances</title>");
  });

  it("listens again after its LISTEN connection is cut, and says so without an error", async () => {
    const admin = await a.createUser("admin");
    const listeners = async () => {
      const client = new pg.Client({ connectionString: a.database.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'",
        );
        return rows.length;
      } finally {
        await client.end();
      }
    };
    // Both instances' LISTEN connections go (what a restarted database or a cut network does to them).
    expect(await listeners()).toBe(2);
    await expect.poll(() => b!.logs.some((entry) => entry.msg.includes("the LISTEN connection is lost")), { timeout: 2000 }).toBe(true);
    await expect
      .poll(() => b!.logs.some((entry) => entry.msg.includes("cache bus: listening again")), { timeout: 5000, interval: 50 })
      .toBe(true);

    const { id } = await seedBuilder(a.db, { name: "Cy Reconnected", email: "cy.reconnected@example.com" });
    await shadowIsUnseen(b!, "Shadow Reconnected");
    await approve(admin, id);
    await expect.poll(() => page(b!, "/builders"), { timeout: 1000, interval: 20 }).toContain("Cy Reconnected");
    expect(await page(b!, "/builders")).toContain("Shadow Reconnected");
  });
});
