import { describe, expect, it } from "vitest";
import { builders, users as usersTable, waitlistEntries } from "#server/db/schema/index.ts";
import { useTestApp, type TestUser } from "../helpers/test-app";

const t = useTestApp();

const UNSAFE_MESSAGE = "must not contain control characters or invalid Unicode";
/** NUL (Postgres refuses it in text) and a lone high surrogate (not valid Unicode), each inside ordinary text. */
const BAD_BYTES = [
  { name: "NUL", insert: (value: string) => `${value.slice(0, 1)}\u0000${value.slice(1)}` },
  { name: "lone surrogate", insert: (value: string) => `${value.slice(0, 1)}\ud800${value.slice(1)}` },
] as const;

type Caller = "anonymous" | "member" | "admin";
/** One text input: where it goes, a valid input around it, the field and the label its message names. */
type TextInput = {
  caller: Caller;
  valid: () => Record<string, unknown>;
  field: string;
  label: string;
  rest?: { method: "POST" | "PUT" | "GET" | "DELETE"; url: string; in: "body" | "query"; body?: Record<string, unknown> };
  trpc?: { path: string; kind: "query" | "mutation" };
};

const ID = "00000000-0000-4000-8000-000000000000";
const signup = () => ({ name: "Ada Lovelace", email: "ada@example.com", password: "correct-horse" });
const profile = () => ({
  name: "Ada Lovelace",
  title: "Founder",
  bio: "Builds things",
  location: "London",
  twitterHandle: "ada_dev",
  websiteUrl: "https://ada.example.com",
  linkedinUrl: "https://linkedin.com/in/ada",
  currentProject: "Engines",
});
const PROFILE_LABELS = {
  name: "Name",
  title: "Title",
  bio: "Bio",
  location: "Location",
  twitterHandle: "Twitter/X handle",
  websiteUrl: "Website",
  linkedinUrl: "LinkedIn URL",
  currentProject: "Current project",
} as const;

const fieldsOf = (labels: Record<string, string>, base: Omit<TextInput, "field" | "label">): TextInput[] =>
  Object.entries(labels).map(([field, label]) => ({ ...base, field, label }));

const TEXT_INPUTS: TextInput[] = [
  ...fieldsOf(
    { name: "Full name", email: "Email address", password: "Password" },
    {
      caller: "anonymous",
      valid: signup,
      rest: { method: "POST", url: "/api/auth/signup", in: "body" },
      trpc: { path: "auth.signup", kind: "mutation" },
    },
  ),
  ...fieldsOf(
    { email: "Email address", password: "Password" },
    {
      caller: "anonymous",
      valid: () => ({ email: "ada@example.com", password: "correct-horse" }),
      rest: { method: "POST", url: "/api/auth/login", in: "body" },
      trpc: { path: "auth.login", kind: "mutation" },
    },
  ),
  ...fieldsOf(
    { email: "Email address" },
    {
      caller: "anonymous",
      valid: () => ({ email: "ada@example.com" }),
      rest: { method: "POST", url: "/api/auth/reset-password", in: "body" },
      trpc: { path: "auth.requestPasswordReset", kind: "mutation" },
    },
  ),
  ...fieldsOf(
    { token: "Reset token", password: "Password" },
    {
      caller: "anonymous",
      valid: () => ({ token: "abcdefghijklmnop", password: "brand-new-one" }),
      rest: { method: "POST", url: "/api/auth/reset-password/confirm", in: "body" },
      trpc: { path: "auth.confirmPasswordReset", kind: "mutation" },
    },
  ),
  ...fieldsOf(
    { email: "Email address", name: "Name" },
    {
      caller: "anonymous",
      valid: () => ({ email: "ada@example.com", name: "Ada" }),
      rest: { method: "POST", url: "/api/waitlist/join", in: "body" },
      trpc: { path: "waitlist.join", kind: "mutation" },
    },
  ),
  ...fieldsOf(
    { ...PROFILE_LABELS, email: "Email address" },
    {
      caller: "anonymous",
      valid: () => ({ ...profile(), email: "ada@example.com" }),
      rest: { method: "POST", url: "/api/builders", in: "body" },
      trpc: { path: "builders.submit", kind: "mutation" },
    },
  ),
  ...fieldsOf(PROFILE_LABELS, {
    caller: "member",
    valid: profile,
    rest: { method: "PUT", url: "/api/builders/mine", in: "body" },
    trpc: { path: "builders.updateMine", kind: "mutation" },
  }),
  ...fieldsOf(
    { ...PROFILE_LABELS, email: "Email address" },
    {
      caller: "admin",
      valid: () => ({ ...profile(), email: "ada@example.com", status: "approved" }),
      rest: { method: "POST", url: "/api/builders/admin", in: "body" },
      trpc: { path: "builders.adminCreate", kind: "mutation" },
    },
  ),
  {
    caller: "admin",
    valid: () => ({ id: ID }),
    field: "id",
    label: "Builder id",
    rest: { method: "PUT", url: "/api/builders/admin", in: "query", body: { status: "approved" } },
  },
  {
    caller: "admin",
    valid: () => ({ id: ID, status: "approved" }),
    field: "id",
    label: "Builder id",
    trpc: { path: "builders.adminSetStatus", kind: "mutation" },
  },
  {
    caller: "admin",
    valid: () => ({ id: ID }),
    field: "id",
    label: "Builder id",
    rest: { method: "DELETE", url: "/api/builders", in: "query" },
    trpc: { path: "builders.adminDelete", kind: "mutation" },
  },
  {
    caller: "admin",
    valid: () => ({ q: "ada" }),
    field: "q",
    label: "Search",
    rest: { method: "GET", url: "/api/waitlist/admin", in: "query" },
    trpc: { path: "waitlist.adminList", kind: "query" },
  },
  {
    caller: "admin",
    valid: () => ({ id: ID }),
    field: "id",
    label: "Entry id",
    rest: { method: "DELETE", url: "/api/waitlist/admin", in: "query" },
    trpc: { path: "waitlist.adminDelete", kind: "mutation" },
  },
];

/** Closed choices (an enum, an item id, a map key): bad bytes are simply not among them, still a 400. */
const CHOICE_INPUTS: TextInput[] = [
  {
    caller: "admin",
    valid: () => ({ timeRange: "24h" }),
    field: "timeRange",
    label: "timeRange",
    rest: { method: "GET", url: "/api/analytics/dashboard", in: "query" },
    trpc: { path: "analytics.dashboard", kind: "query" },
  },
  {
    caller: "admin",
    valid: () => ({ sort: "email" }),
    field: "sort",
    label: "Sort",
    rest: { method: "GET", url: "/api/waitlist/admin", in: "query" },
  },
  {
    caller: "admin",
    valid: () => ({ ...profile(), email: "ada@example.com", status: "approved" }),
    field: "status",
    label: "Status",
    trpc: { path: "builders.adminCreate", kind: "mutation" },
  },
  {
    caller: "admin",
    valid: () => ({ id: "1", checked: true }),
    field: "id",
    label: "Item id",
    trpc: { path: "seo.toggle", kind: "mutation" },
  },
];

const users: Partial<Record<Caller, TestUser>> = {};
async function headersOf(caller: Caller): Promise<Record<string, string>> {
  if (caller === "anonymous") return {};
  users[caller] ??= await t.createUser(caller);
  return users[caller].headers;
}

const errorLogs = () => t.logs.filter((entry) => entry.level >= 50);

/**
 * Every input of the table on one surface, once per bad byte. A REST query cannot carry a lone surrogate
 * (a URL is UTF-8, and URLSearchParams writes U+FFFD), so there only NUL travels.
 */
const cases = (inputs: TextInput[], surface: "rest" | "trpc") =>
  inputs.flatMap((input) => {
    const route = surface === "rest" ? input.rest && `${input.rest.method} ${input.rest.url}` : input.trpc?.path;
    if (!route) return [];
    return BAD_BYTES.filter((bad) => !(surface === "rest" && input.rest?.in === "query" && bad.name === "lone surrogate")).map((bad) => ({
      ...input,
      bad,
      title: `${route} ${input.field} with ${bad.name}`,
    }));
  });

function withBadValue(input: TextInput, bad: (typeof BAD_BYTES)[number]): Record<string, unknown> {
  const values = input.valid();
  values[input.field] = bad.insert(String(values[input.field]));
  return values;
}

async function sendRest(input: TextInput, values: Record<string, unknown>) {
  const rest = input.rest!;
  const headers = await headersOf(input.caller);
  if (rest.in === "query") {
    const query = new URLSearchParams(values as Record<string, string>).toString();
    return t.inject({ method: rest.method, url: `${rest.url}?${query}`, headers, ...(rest.body ? { payload: rest.body } : {}) });
  }
  return t.inject({
    method: rest.method,
    url: rest.url,
    headers: { ...headers, "content-type": "application/json" },
    payload: JSON.stringify(values),
  });
}

async function sendTrpc(input: TextInput, values: Record<string, unknown>) {
  const trpc = input.trpc!;
  const headers = await headersOf(input.caller);
  return trpc.kind === "query" ? t.trpcQuery(trpc.path, values, headers) : t.trpcMutation(trpc.path, values, headers);
}

/** 400 with the message, as {error} on REST and BAD_REQUEST on tRPC, and nothing in the error log. */
async function expectRefused(surface: "rest" | "trpc", input: TextInput & { bad: (typeof BAD_BYTES)[number] }, message: unknown) {
  const values = withBadValue(input, input.bad);
  if (surface === "rest") {
    const response = await sendRest(input, values);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message });
  } else {
    const result = await sendTrpc(input, values);
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({ message, data: { code: "BAD_REQUEST" } });
  }
  expect(errorLogs()).toEqual([]);
}

describe("bad bytes in text inputs", () => {
  describe.each(["rest", "trpc"] as const)("through %s", (surface) => {
    it.each(cases(TEXT_INPUTS, surface))("refuses $title with 400 naming the field", async (input) => {
      await expectRefused(surface, input, `${input.label} ${UNSAFE_MESSAGE}`);
    });

    it.each(cases(CHOICE_INPUTS, surface))("refuses $title with 400", async (input) => {
      await expectRefused(surface, input, expect.stringContaining(input.label));
    });
  });

  it.each(BAD_BYTES)("refuses a SEO checklist key with $name through REST", async (bad) => {
    const admin = await headersOf("admin");
    const response = await t.inject({
      method: "PUT",
      url: "/api/seo/checklist",
      headers: admin,
      payload: { checkedItems: { [bad.insert("12")]: true } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining("checkedItems keys") });
    expect(errorLogs()).toEqual([]);
  });

  it("stores nothing from the refused inputs", async () => {
    const [accounts, entries, profiles] = await Promise.all([
      t.db.select().from(usersTable),
      t.db.select().from(waitlistEntries),
      t.db.select().from(builders),
    ]);
    expect(accounts.filter((row) => row.email.includes("ada"))).toEqual([]);
    expect(entries).toEqual([]);
    expect(profiles).toEqual([]);
  });
});
