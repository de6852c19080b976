import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAGE_DATA_ELEMENT_ID } from "#common/pages/page-hydration.ts";
import { builders, images } from "#server/db/schema/index.ts";
import { builtClientDir, SSR_ENTRY } from "../helpers/built-client";
import { useTestApp } from "../helpers/test-app";

const clientDir = builtClientDir();

const t = useTestApp({ clientDir, ssrEntry: SSR_ENTRY });

const page = async (url: string) => {
  const response = await t.inject({ method: "GET", url });
  return {
    status: response.statusCode,
    html: response.body,
    root: /<div id="root">([\s\S]*)<\/div><script type="application\/json"/.exec(response.body)?.[1] ?? "",
  };
};

describe("server-rendered public pages", () => {
  it("sends the landing page's content in the HTML, with the state it hydrates with and its stylesheet inline", async () => {
    const { status, html, root } = await page("/");
    expect(status).toBe(200);
    expect(root).toContain("Learn to invest by running real");
    expect(root).toContain("Join the waitlist");
    expect(html).toContain(`<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">`);
    expect(html).toContain("<style>body{color:#1c1917}</style>");
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/index-1.js">');
    // The head the server writes for every page (site assets: meta tags, Open Graph, icons) comes with it.
    expect(html).toMatch(/<meta property="og:title" content="[^"]+">/);
    expect(html).toContain('<link rel="canonical" href="');
  });

  it("renders the login form with its labels", async () => {
    const { status, root } = await page("/login");
    expect(status).toBe(200);
    expect(root).toMatch(/<label[^>]*>Email/);
    expect(root).toMatch(/<label[^>]*>Password/);
    expect(root).toContain("Sign In");
  });

  it("renders a shared image with its annotation, drops it once unshared, and says so for any other id", async () => {
    const owner = await t.createUser("member");
    const [image] = await t.db
      .insert(images)
      .values({
        ownerId: owner.user.id,
        originalName: "week-one-chart.png",
        annotation: "Week one: up 4 % <b>after</b> fees",
        fullKey: "images/a.webp",
        thumbnailKey: "images/a-thumb.webp",
        contentType: "image/webp",
        fullBytes: 10,
        thumbnailBytes: 5,
        width: 800,
        height: 600,
        shared: true,
        sharedAt: new Date(),
      })
      .returning();
    const shared = await page(`/lab/image/${image!.id}`);
    expect(shared.status).toBe(200);
    expect(shared.root).toContain("<h1");
    expect(shared.root).toContain("week-one-chart.png");
    expect(shared.root).toContain("Week one: up 4 % &lt;b&gt;after&lt;/b&gt; fees");
    expect(shared.root).toMatch(/<time dateTime="[^"]+">[^<]+ UTC<\/time>/);

    const unshared = await t.trpcMutation("images.share", { imageId: image!.id, shared: false }, owner.headers);
    expect(unshared.status).toBe(200);
    expect((await page(`/lab/image/${image!.id}`)).root).toContain("This image is not shared");
    expect((await page("/lab/image/not-an-id")).root).toContain("This image is not shared");
  });

  it("renders a shared experiment for signed-out visitors, leaves it to the browser for members, and says not found once private", async () => {
    const owner = await t.createUser("member", { name: "Olive Owner" });
    const form = {
      title: "Sell a <i>$5</i> template",
      hypothesis: "People pay for a ready Notion template",
      amount: 40,
      totalDays: 14,
      targetMetric: "10 sales",
      nextContent: ["Launch tweet"],
    };
    const created = await t.trpcMutation<{ experiment: { id: string } }>("lab.create", form, owner.headers);
    expect(created.status).toBe(200);
    const { id } = created.data.experiment;
    const url = `/lab/${id}`;
    expect((await page(url)).root).toContain("Page not found");

    for (const [path, input] of [
      ["lab.setVisibility", { id, visibility: "shared" }],
      ["lab.move", { id, status: "running" }],
      ["lab.addUpdate", { experimentId: id, note: "Posted on <b>Reddit</b>", spend: 5, result: 12 }],
    ] as const) {
      expect((await t.trpcMutation(path, input, owner.headers)).status, path).toBe(200);
    }
    // A long log: past React's default chunk size (12.8 KB), which would send the page in parts, swapped in by
    // inline scripts that the CSP blocks.
    const longNote = "Answered every question in the thread, then wrote down what the buyers asked. ".repeat(20);
    for (let day = 0; day < 12; day++) {
      expect(
        (await t.trpcMutation("lab.addUpdate", { experimentId: id, note: longNote, spend: 1, result: 12 }, owner.headers)).status,
      ).toBe(200);
    }
    // Each write cleared the cached page: the visitor reads the experiment as it is now.
    const shared = await page(url);
    expect(shared.root.length).toBeGreaterThan(20_000);
    expect(shared.html.match(/<script(?![^>]*(?:\bsrc=|type="application\/(?:ld\+)?json"))[^>]*>/g)).toBeNull();
    expect(shared.root).not.toContain('<div hidden id="S:');
    expect(shared.status).toBe(200);
    expect(shared.root).toMatch(/<h1[^>]*>Sell a &lt;i&gt;\$5&lt;\/i&gt; template<\/h1>/);
    expect(shared.root).toContain("by <!-- -->Olive Owner");
    expect(shared.root).toContain("People pay for a ready Notion template");
    expect(shared.root).toContain("Posted on &lt;b&gt;Reddit&lt;/b&gt;");
    expect(shared.root).toMatch(/<time dateTime="[^"]+" class="[^"]*">[^<]+ UTC<\/time>/);
    // The visitor's view: the public header, nothing only its owner may do or see.
    expect(shared.root).toMatch(/<nav aria-label="Main"><a [^>]*href="\/login"/);
    for (const ownerOnly of ["Public page:", "Add Update", "Content generated"]) expect(shared.root).not.toContain(ownerOnly);

    const member = await t.inject({ method: "GET", url, headers: owner.headers });
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('<div id="root"></div>');

    expect((await t.trpcMutation("lab.setVisibility", { id, visibility: "private" }, owner.headers)).status).toBe(200);
    const hidden = await page(url);
    expect(hidden.root).toContain("Page not found");
    expect(hidden.root).not.toContain("Sell a");
    expect((await page("/lab/not-an-id")).root).toContain("Page not found");
  });

  it("keeps the member and admin areas client-rendered, and unknown pages a 404 shell", async () => {
    for (const url of ["/today", "/admin/builders"]) {
      const response = await t.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
    const missing = await t.inject({ method: "GET", url: "/no-such-page" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"></div>');
  });

  it("lists a builder in the HTML once approved, and drops them as soon as they are deleted", async () => {
    const admin = await t.createUser("admin");
    expect((await page("/builders")).root).toContain("Coming Soon");

    const joined = await t.inject({ method: "POST", url: "/api/builders", payload: { name: "Grace Okonkwo", email: "grace@example.com" } });
    expect(joined.statusCode).toBe(201);
    // The join's answer never names the profile: read its id from the table.
    const [{ id }] = (await t.db.select({ id: builders.id }).from(builders).where(eq(builders.email, "grace@example.com"))) as [
      { id: string },
    ];
    expect((await page("/builders")).root).not.toContain("Grace Okonkwo");

    const approved = await t.inject({
      method: "PUT",
      url: `/api/builders/admin?id=${id}`,
      headers: admin.headers,
      payload: { status: "approved" },
    });
    expect(approved.statusCode).toBe(200);
    const listed = await page("/builders");
    expect(listed.root).toContain("Grace Okonkwo");
    expect(listed.html).toContain('"name":"Grace Okonkwo"');
    // Nothing the CSP would block: every script is a file or data (a suspended boundary would add an inline one).
    expect(listed.html.match(/<script(?![^>]*(?:\bsrc=|type="application\/(?:ld\+)?json"))[^>]*>/g)).toBeNull();

    const deleted = await t.inject({ method: "DELETE", url: `/api/builders?id=${id}`, headers: admin.headers });
    expect(deleted.statusCode).toBe(200);
    expect((await page("/builders")).root).not.toContain("Grace Okonkwo");
  });

  it("sends the client-rendered shell, and logs why, when a page cannot be rendered", async () => {
    await page("/builders");
    // What a change to the directory publishes clears the cached page, then the directory's query fails.
    await t.services.cacheBus.publish(["builders"]);
    // Only the directory's query fails (the first one the request makes); the head the server writes still reads its settings.
    const db = t.db as unknown as { select: (...args: unknown[]) => unknown };
    const original = db.select;
    let queries = 0;
    db.select = (...args) => {
      if (queries++ === 0) throw new Error("the directory's query failed");
      return original.apply(t.db, args);
    };
    t.expectErrorLog();
    const response = await t.inject({ method: "GET", url: "/builders" });
    db.select = original;
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(t.logs.some((entry) => entry.msg.includes("Server rendering failed"))).toBe(true);
  });
});
