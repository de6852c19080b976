import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users, waitlistEntries } from "#server/db/schema/index.ts";
import { normalisedEmail } from "#server/infra/disposable-email.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

/**
 * One rule, written twice: in TypeScript for an address not stored yet (a self-referral at join), and as the
 * stored generated column `email_normalised` for comparing stored addresses in SQL (the Funnel's accounts).
 * The two must agree on every address the input schemas accept.
 */
const ADDRESSES = [
  "Ann.Lee+news@Gmail.com",
  "ann.lee@googlemail.com",
  "a.n.n.lee+x+y@gmail.com",
  "Bob+weekly@Example.com",
  "bob@example.com",
  "first.last@outlook.com",
  "first.last+tag@sub.example.co.uk",
];

describe("the stored normalised address", () => {
  it("is what normalisedEmail gives, on the waitlist and on accounts alike", async () => {
    const stored = await t.db
      .insert(waitlistEntries)
      .values(ADDRESSES.map((email, i) => ({ email, position: i + 1 })))
      .returning({ email: waitlistEntries.email, normalised: waitlistEntries.emailNormalised });
    expect(stored.map((row) => row.normalised)).toEqual(ADDRESSES.map(normalisedEmail));
    expect(new Set(stored.map((row) => row.normalised))).toEqual(
      new Set(["annlee@gmail.com", "bob@example.com", "first.last@outlook.com", "first.last@sub.example.co.uk"]),
    );

    const [account] = await t.db
      .insert(users)
      .values({ email: ADDRESSES[0]!, name: "Ann", passwordHash: "x" })
      .returning({ normalised: users.emailNormalised });
    expect(account!.normalised).toBe("annlee@gmail.com");
  });

  it("follows a changed address", async () => {
    const [changed] = await t.db
      .update(users)
      .set({ email: "Carol+old@GoogleMail.com" })
      .where(eq(users.email, ADDRESSES[0]!))
      .returning({ normalised: users.emailNormalised });
    expect(changed!.normalised).toBe("carol@gmail.com");
  });
});
