import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { builders, mailMessages, users, waitlistEntries } from "#server/db/schema/index.ts";
import { unsubscribeSecret, unsubscribeToken } from "#server/features/waitlist/unsubscribe.ts";
import { builtClientDir, SSR_ENTRY } from "../helpers/built-client";
import { useTestApp } from "../helpers/test-app";

/*
 * The public pages' forms posted the browser's own way (no scripts): urlencoded to the page's path, answered
 * with a 303 on success and the page itself, with what was typed and why, on a refusal.
 */
const t = useTestApp({ clientDir: builtClientDir(), ssrEntry: SSR_ENTRY });

type Field = [string, string];
let address = 0;
/** Each test posts from its own address, so budgets spent by one test never refuse another's posts. */
const nextAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

async function postForm(path: string, fields: Field[], options: { headers?: Record<string, string>; from?: string } = {}) {
  const response = await t.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: options.from ?? nextAddress(),
  });
  const cookies = response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  return {
    status: response.statusCode,
    location: response.headers.location,
    body: response.body,
    headers: response.headers,
    cookies,
    response,
  };
}

/** The page a successful post redirected to, as the browser then asks for it (with the cookies it was given). */
async function follow(posted: { location: string | undefined; cookies: string }) {
  const url = posted.location!.split("#", 1)[0]!;
  const response = await t.inject({ method: "GET", url, headers: { cookie: posted.cookies } });
  return { status: response.statusCode, body: response.body, headers: response.headers };
}

/** The page's text as a person reads it: no tags (nor React's <!-- --> between texts), entities decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

describe("POST /login and /system/admin", () => {
  it("tells a disabled account why it cannot sign in, on the page itself", async () => {
    const disabled = await t.createUser("member", { email: "dora@example.com", password: "member-pass" });
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));
    const refused = await postForm("/login", [
      ["email", "dora@example.com"],
      ["password", "member-pass"],
    ]);
    expect(refused.status).toBe(403);
    expect(refused.cookies).not.toContain("session=");
    expect(text(refused.body)).toContain("This account has been disabled by the site's administrators.");
  });

  it("signs a member in with the session cookie and sends them home (303), an admin to /today", async () => {
    await t.createUser("member", { email: "mia@example.com", password: "member-pass" });
    await t.createUser("admin", { email: "ada@example.com", password: "admin-pass" });

    const member = await postForm("/login", [
      ["email", "Mia@Example.com"],
      ["password", "member-pass"],
    ]);
    expect(member.status).toBe(303);
    expect(member.location).toBe("/");
    expect(member.headers["cache-control"]).toBe("no-store");
    expect(member.response.cookies.find((cookie) => cookie.name === "session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    const me = await t.inject({ method: "GET", url: "/api/auth/me", headers: { cookie: member.cookies } });
    expect(
      me.statusCode === 404
        ? (await t.trpcQuery<{ user: { email: string } }>("auth.me", undefined, { cookie: member.cookies })).data?.user.email
        : null,
    ).toBe("mia@example.com");

    expect(
      (
        await postForm("/login", [
          ["email", "ada@example.com"],
          ["password", "admin-pass"],
        ])
      ).location,
    ).toBe("/today");
    expect(
      (
        await postForm("/system/admin", [
          ["email", "ada@example.com"],
          ["password", "admin-pass"],
        ])
      ).location,
    ).toBe("/today");
  });

  it("goes on to a same-site callback path, and to home for an absolute, scheme-relative or disguised one", async () => {
    await t.createUser("member", { email: "cal@example.com", password: "member-pass" });
    const signIn = (callback: string) =>
      postForm("/login", [
        ["email", "cal@example.com"],
        ["password", "member-pass"],
        ["callback", callback],
      ]);
    expect((await signIn("/lab?tab=mine")).location).toBe("/lab?tab=mine");
    for (const foreign of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example",
      "/.//evil.example/builders",
      "/a/..//evil.example",
      "/%2e%2e//evil.example",
    ]) {
      const answer = await signIn(foreign);
      expect(answer.status, foreign).toBe(303);
      expect(answer.location, foreign).toBe("/");
    }
  });

  it("renders the page again with the email kept, never the password, and the error at the JSON path's status", async () => {
    await t.createUser("member", { email: "wes@example.com", password: "right-pass" });
    const wrong = await postForm("/login", [
      ["email", "wes@example.com"],
      ["password", "wrong-pass-123"],
    ]);
    expect(wrong.status).toBe(401);
    expect(wrong.headers["content-type"]).toMatch(/^text\/html/);
    expect(wrong.headers["cache-control"]).toBe("private, no-store");
    expect(wrong.body).toContain("Invalid email or password");
    expect(wrong.body).toContain('value="wes@example.com"');
    expect(wrong.body).not.toContain("wrong-pass-123");
    expect(wrong.response.cookies.find((cookie) => cookie.name === "session")).toBeUndefined();

    const empty = await postForm("/login", [
      ["email", ""],
      ["password", ""],
    ]);
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Email address is required");
    expect(empty.body).toContain("Password is required");
  });

  it("refuses after the failure budget, with 429 and the wait", async () => {
    const from = nextAddress();
    let last = await postForm(
      "/login",
      [
        ["email", "nobody@example.com"],
        ["password", "guess-0"],
      ],
      { from },
    );
    for (let i = 1; i <= 10; i++)
      last = await postForm(
        "/login",
        [
          ["email", "nobody@example.com"],
          ["password", `guess-${i}`],
        ],
        { from },
      );
    expect(last.status).toBe(429);
    expect(last.headers["retry-after"]).toBeDefined();
    expect(text(last.body)).toMatch(/Too many/);
  });

  it("refuses a post from another site's page (403) and signs no one in", async () => {
    await t.createUser("member", { email: "csrf@example.com", password: "member-pass" });
    const fields: Field[] = [
      ["email", "csrf@example.com"],
      ["password", "member-pass"],
    ];
    const foreign = await postForm("/login", fields, { headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    expect(foreign.response.cookies).toHaveLength(0);
    expect((await postForm("/login", fields, { headers: { "sec-fetch-site": "cross-site" } })).status).toBe(403);
    expect((await postForm("/login", fields, { headers: { origin: "http://localhost:3000", host: "localhost:3000" } })).status).toBe(303);
  });
});

describe("POST /signup", () => {
  it("creates the account, signs it in and goes to the callback or home", async () => {
    const created = await postForm("/signup", [
      ["name", "Nia"],
      ["email", "nia@example.com"],
      ["password", "secret-1"],
      ["confirmPassword", "secret-1"],
      ["callback", "/lab"],
    ]);
    expect(created.status).toBe(303);
    expect(created.location).toBe("/lab");
    expect(created.cookies).toMatch(/session=/);
    const [row] = await t.db.select().from(users).where(eq(users.email, "nia@example.com"));
    expect(row?.name).toBe("Nia");
  });

  it("keeps name and email and says what is wrong: confirmation, length, a taken email", async () => {
    const mismatch = await postForm("/signup", [
      ["name", "Oli"],
      ["email", "oli@example.com"],
      ["password", "secret-1"],
      ["confirmPassword", "secret-2"],
    ]);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toContain("Passwords do not match");
    expect(mismatch.body).toContain('value="Oli"');
    expect(mismatch.body).not.toContain("secret-1");

    const short = await postForm("/signup", [
      ["name", "Oli"],
      ["email", "oli@example.com"],
      ["password", "abc"],
      ["confirmPassword", "abc"],
    ]);
    expect(short.status).toBe(400);
    expect(short.body).toContain("Password must be at least 6 characters");

    await t.createUser("member", { email: "taken@example.com" });
    const taken = await postForm("/signup", [
      ["name", "Tad"],
      ["email", "taken@example.com"],
      ["password", "secret-1"],
      ["confirmPassword", "secret-1"],
    ]);
    expect(taken.status).toBe(409);
    expect(taken.body).toContain("An account with this email already exists");
  });

  it("spends the same signup budget as the JSON path: 5 a minute per address", async () => {
    const from = nextAddress();
    for (let i = 0; i < 4; i++) {
      const viaJson = await t.inject({
        method: "POST",
        url: "/api/auth/signup",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify({ name: "J", email: `j${i}@example.com`, password: "secret-1" }),
        remoteAddress: from,
      });
      expect(viaJson.statusCode).toBe(201);
    }
    const fifth = await postForm(
      "/signup",
      [
        ["name", "F"],
        ["email", "f5@example.com"],
        ["password", "secret-1"],
        ["confirmPassword", "secret-1"],
      ],
      { from },
    );
    expect(fifth.status).toBe(303);
    const sixth = await postForm(
      "/signup",
      [
        ["name", "F"],
        ["email", "f6@example.com"],
        ["password", "secret-1"],
        ["confirmPassword", "secret-1"],
      ],
      { from },
    );
    expect(sixth.status).toBe(429);
  });
});

describe("POST /forgot-password and /reset-password", () => {
  it("asks for a link, shows Check Your Email once, then sets the new password with the mailed token", async () => {
    await t.createUser("member", { email: "rey@example.com", password: "old-password" });
    const asked = await postForm("/forgot-password", [["email", "rey@example.com"]]);
    expect(asked.status).toBe(303);
    expect(asked.location).toBe("/forgot-password");
    const shown = await follow(asked);
    expect(shown.status).toBe(200);
    expect(shown.headers["cache-control"]).toBe("private, no-store");
    expect(shown.body).toContain("Check Your Email");
    expect(shown.body).toContain("rey@example.com");
    // Shown once: the next visit is the form again.
    expect((await follow({ location: "/forgot-password", cookies: "" })).body).not.toContain("Check Your Email");

    const [mail] = await t.db.select().from(mailMessages).where(eq(mailMessages.toAddress, "rey@example.com"));
    const token = /reset-password\?token=([a-z2-7]+)/.exec(mail?.textBody ?? "")![1]!;
    const path = `/reset-password?token=${token}`;
    const mismatch = await postForm(path, [
      ["token", token],
      ["password", "new-password"],
      ["confirmPassword", "other"],
    ]);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toContain("Passwords do not match");
    expect(mismatch.body).toContain("Choose a new password");

    const reset = await postForm(path, [
      ["token", token],
      ["password", "new-password"],
      ["confirmPassword", "new-password"],
    ]);
    expect(reset.status).toBe(303);
    expect((await follow(reset)).body).toContain("Password updated");
    expect(
      (
        await postForm("/login", [
          ["email", "rey@example.com"],
          ["password", "new-password"],
        ])
      ).status,
    ).toBe(303);

    const again = await postForm(path, [
      ["token", token],
      ["password", "newer-password"],
      ["confirmPassword", "newer-password"],
    ]);
    expect(again.status).toBe(400);
    expect(again.body).toContain("This reset link is invalid, used or expired");
  });

  it("says an email is required", async () => {
    const empty = await postForm("/forgot-password", [["email", " "]]);
    expect(empty.status).toBe(400);
    expect(empty.body).toContain("Email address is required");
  });
});

describe("POST / (the waitlist)", () => {
  it("joins with interests and the landing campaign, then shows the position; a second join says welcome back", async () => {
    const fields: Field[] = [
      ["email", "Wanda@Example.com"],
      ["name", "Wanda"],
      ["interests", "Analytics"],
      ["interests", "Community"],
      ["source", "homepage"],
      ["utm_campaign", "launch-week"],
    ];
    const joined = await postForm("/", fields);
    expect(joined.status).toBe(303);
    expect(joined.location).toBe("/#waitlist");
    const card = text((await follow(joined)).body);
    expect(card).toContain("You're #1 on the list");
    expect(card).toContain("wanda@example.com");
    const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "wanda@example.com"));
    expect(row).toMatchObject({ name: "Wanda", interests: ["Analytics", "Community"], source: "homepage", utmCampaign: "launch-week" });

    const again = await postForm("/", [["email", "wanda@example.com"]]);
    expect(text((await follow(again)).body)).toContain("Welcome back! You're still #1 on the list");
  });

  it("renders the form again with what was typed and the schema's message", async () => {
    const bad = await postForm("/", [
      ["email", "not-an-email"],
      ["name", "Bo"],
      ["interests", "Crypto"],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body).toContain('value="not-an-email"');
    expect(bad.body).toContain("Please enter a valid email address");
  });

  it("spends the JSON path's budget: 10 joins a minute per address", async () => {
    const from = nextAddress();
    for (let i = 0; i < 10; i++) expect((await postForm("/", [["email", `many${i}@example.com`]], { from })).status).toBe(303);
    const refused = await postForm("/", [["email", "many10@example.com"]], { from });
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('value="many10@example.com"');
  });
});

describe("POST /builders (join the community)", () => {
  it("stores a pending profile with its tags and shows the confirmation with the form open", async () => {
    const joined = await postForm("/builders", [
      ["name", "Bea Builder"],
      ["email", "bea@example.com"],
      ["title", "Indie hacker"],
      ["twitterHandle", "@bea"],
      ["tags", "Developer"],
      ["tags", "Designer"],
    ]);
    expect(joined.status).toBe(303);
    expect(joined.location).toBe("/builders#join-the-community");
    expect(text((await follow(joined)).body)).toContain("Thanks for joining, Bea Builder!");
    const [row] = await t.db.select().from(builders).where(eq(builders.email, "bea@example.com"));
    expect(row).toMatchObject({ status: "pending", tags: ["Developer", "Designer"], twitterHandle: "bea" });
  });

  it("keeps every field typed on a refusal", async () => {
    const bad = await postForm("/builders", [
      ["name", "Cy"],
      ["email", "cy@example.com"],
      ["websiteUrl", "javascript:alert(1)"],
      ["bio", "Builds <b>things</b>"],
      ["tags", "Engineer"],
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatch(/Website must be/);
    expect(bad.body).toContain('value="Cy"');
    expect(bad.body).toContain("Builds &lt;b&gt;things&lt;/b&gt;");
    expect(bad.body).toMatch(/checked="" value="Engineer"/);
  });

  it("opens the form without scripts from /builders?join=1", async () => {
    const response = await t.inject({ method: "GET", url: "/builders?join=1" });
    expect(response.body).toContain('action="/builders#join-the-community"');
    expect(response.body).toContain('name="email"');
  });
});

describe("POST /unsubscribe", () => {
  it("unsubscribes with the link's token and says so; a forged token is refused on the same page", async () => {
    const [entry] = await t.db.insert(waitlistEntries).values({ position: 9001, email: "una@example.com", source: "homepage" }).returning();
    const token = unsubscribeToken(await unsubscribeSecret(t.db, undefined), entry!.id);
    const done = await postForm(`/unsubscribe?token=${encodeURIComponent(token)}`, [["token", token]]);
    expect(done.status).toBe(303);
    expect(text((await follow(done)).body)).toContain("You're unsubscribed");
    const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id));
    expect(row?.unsubscribedAt).not.toBeNull();

    const forged = await postForm("/unsubscribe?token=x.y", [["token", "x.y"]]);
    expect(forged.status).toBe(400);
    expect(forged.body).toContain("This unsubscribe link is not valid");
  });
});

describe("server-rendered pages without scripts", () => {
  it("post each form to its own path with method=post, no submit button disabled, and no 'needs JavaScript' notice", async () => {
    for (const [path, action] of [
      ["/", 'action="/"'],
      ["/login", 'action="/login"'],
      ["/system/admin", 'action="/system/admin"'],
      ["/signup", 'action="/signup"'],
      ["/forgot-password", 'action="/forgot-password"'],
      ["/reset-password?token=abc", 'action="/reset-password?token=abc"'],
      ["/unsubscribe?token=abc", 'action="/unsubscribe?token=abc"'],
    ] as const) {
      const html = (await t.inject({ method: "GET", url: path })).body;
      const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
      expect(form, path).toContain('method="post"');
      expect(form, path).toContain(action);
      expect(html, path).not.toMatch(/<button[^>]*\sdisabled=""/);
      expect(html, path).not.toContain("needs JavaScript");
    }
  });
});
