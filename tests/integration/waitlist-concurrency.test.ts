import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { waitlistEntries } from "#server/db/schema/index.ts";
import { usesRealPostgres } from "../helpers/test-database";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();
const json = { "content-type": "application/json" };

type Joined = { email: string; status: number; position: number; alreadyJoined: boolean; message: string };

/** Half the calls over REST, half over tRPC, each from its own address (the budget is 10 a minute per address). */
async function joinFrom(index: number, email: string): Promise<Joined> {
  const remoteAddress = `10.50.${Math.floor(index / 200)}.${(index % 200) + 1}`;
  const payload = JSON.stringify({ email, interests: index % 3 === 0 ? ["Community"] : [] });
  if (index % 2 === 0) {
    const response = await t.inject({ method: "POST", url: "/api/waitlist/join", headers: json, payload, remoteAddress });
    return { email, status: response.statusCode, ...response.json() };
  }
  const response = await t.inject({ method: "POST", url: "/trpc/waitlist.join", headers: json, payload, remoteAddress });
  const body = response.json();
  return { email, status: response.statusCode, ...(body.result?.data ?? body) };
}

describe(`waitlist positions under concurrency (${usesRealPostgres() ? "Postgres" : "PGlite"})`, () => {
  it("gives 120 distinct emails joining at once the positions 1..120, and every duplicate the same position with Welcome back", async () => {
    const distinct = Array.from({ length: 120 }, (_, i) => `person${i}@example.com`);
    // The same address eight times in different spellings, and a second join of every tenth person, all at once.
    const duplicates = [
      ...Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? "  Twin@Example.com " : "twin@example.com")),
      ...distinct.filter((_, i) => i % 10 === 0).map((email) => email.toUpperCase()),
    ];
    const emails = interleave(distinct, duplicates);

    const results = await Promise.all(emails.map((email, index) => joinFrom(index, email)));

    for (const result of results) expect([200, 201], JSON.stringify(result)).toContain(result.status);
    const byEmail = new Map<string, Joined[]>();
    for (const result of results) {
      const key = result.email.trim().toLowerCase();
      byEmail.set(key, [...(byEmail.get(key) ?? []), result]);
    }
    const total = byEmail.size;
    expect(total).toBe(121);

    // Exactly one join per email was new; the others answered Welcome back with that same position.
    for (const [email, joins] of byEmail) {
      const created = joins.filter((j) => !j.alreadyJoined);
      expect(created, email).toHaveLength(1);
      for (const j of joins) {
        expect(j.position, email).toBe(created[0]!.position);
        if (j.alreadyJoined) expect(j.message).toContain("Welcome back");
      }
    }
    expect(byEmail.get("twin@example.com")).toHaveLength(8);
    expect(results.filter((r) => r.alreadyJoined)).toHaveLength(results.length - total);

    // Positions handed out are exactly 1..N: no gap, no repeat.
    const handedOut = results
      .filter((r) => !r.alreadyJoined)
      .map((r) => r.position)
      .sort((a, b) => a - b);
    expect(handedOut).toEqual(Array.from({ length: total }, (_, i) => i + 1));

    // The table agrees: one row per email, positions 1..N, and joined-at times in position order.
    const rows = await t.db.select().from(waitlistEntries).orderBy(asc(waitlistEntries.position));
    expect(rows).toHaveLength(total);
    expect(rows.map((r) => r.position)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.email)).size).toBe(total);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.createdAt.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.createdAt.getTime());
    }

    // A later join continues the sequence.
    const later = await joinFrom(1000, "later@example.com");
    expect(later.position).toBe(total + 1);
  });
});

/** Spreads the duplicates through the list so they race the first join of the same email. */
function interleave(main: string[], extra: string[]): string[] {
  const out: string[] = [];
  const step = Math.max(1, Math.floor(main.length / extra.length));
  let e = 0;
  main.forEach((email, i) => {
    out.push(email);
    if (i % step === 0 && e < extra.length) out.push(extra[e++]!);
  });
  return [...out, ...extra.slice(e)];
}
