import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "#server/db/schema/index.ts";
import { createLogger } from "#server/infra/logger.ts";
import { useTestApp } from "../helpers/test-app";
import { usesRealPostgres } from "../helpers/test-database";

const t = useTestApp({ rateLimits: false });

/** Values no log line may show: they only ever travel as query parameters. */
const SECRET_EMAIL = "refused-secret@example.com";
const SECRET_NAME = "Zelda Privatename";

const errorLines = () => t.logs.filter((entry) => entry.level >= 50).map((entry) => JSON.stringify(entry));

function expectNoValues(line: string) {
  expect(line).not.toContain(SECRET_EMAIL);
  expect(line).not.toContain(SECRET_NAME);
  expect(line).not.toMatch(/params|parameters|"detail"/);
}

describe("database errors in the logs", () => {
  beforeAll(async () => {
    // A rule the service does not know about: the insert fails in the database, an unhandled error.
    await t.db.execute(sql.raw(`alter table waitlist_entries add constraint refuses_secret check (email <> '${SECRET_EMAIL}')`));
  });

  it("logs a failed REST request with the query text and code, without the parameter values", async () => {
    const response = await t.inject({ method: "POST", url: "/api/waitlist/join", payload: { email: SECRET_EMAIL, name: SECRET_NAME } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: "Something went wrong on our side. Please try again." });

    t.expectErrorLog();
    const [line] = errorLines();
    expect(line).toContain("insert into");
    expect(line).toContain("waitlist_entries");
    expect(line).toContain('"code":"23514"');
    expect(line).toContain("stack");
    expectNoValues(line!);
  });

  it("logs a failed tRPC procedure the same way", async () => {
    const result = await t.trpcMutation("waitlist.join", { email: SECRET_EMAIL, name: SECRET_NAME });
    expect(result.status).toBe(500);

    t.expectErrorLog();
    const [line] = errorLines();
    expect(line).toContain("insert into");
    expect(line).toContain('"code":"23514"');
    expectNoValues(line!);
  });

  it("drops the row values Postgres puts in a unique violation's detail, on the error and on its causes", async () => {
    await t.db.insert(users).values(ACCOUNT);
    await expectDuplicateLoggedWithoutValues(() => t.db.insert(users).values(ACCOUNT));
  });

  // Another driver may replace postgres.js: the serializer goes by field name, on every cause.
  it.runIf(usesRealPostgres())("does the same for node-postgres errors", async () => {
    const pool = new pg.Pool({ connectionString: t.database.url, max: 1 });
    try {
      await expectDuplicateLoggedWithoutValues(() => drizzle(pool).insert(users).values(ACCOUNT));
    } finally {
      await pool.end();
    }
  });
});

const PASSWORD_HASH = "$argon2id$v=19$m=19456,t=2,p=1$not-a-real-hash";
const ACCOUNT = { email: SECRET_EMAIL, name: SECRET_NAME, passwordHash: PASSWORD_HASH };

/** Inserts the account that already exists and logs the error through the app's logger. */
async function expectDuplicateLoggedWithoutValues(insertAgain: () => Promise<unknown>) {
  const error = await insertAgain().then(
    () => null,
    (caught: unknown) => caught as Error,
  );
  expect(error).toBeInstanceOf(Error);
  // The raw error does carry the values: that is what the serializer is for.
  expect(`${error!.message} ${JSON.stringify(error!.cause ?? {})}`).toContain(SECRET_EMAIL);

  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  createLogger({ level: "info", env: "test", destination: sink }).error({ err: error }, "insert failed");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain("insert into");
  expect(lines[0]).toContain('"code":"23505"');
  expectNoValues(lines[0]!);
  expect(lines[0]).not.toContain(PASSWORD_HASH);
  // The error itself is left as it was, for any code that still handles it.
  expect(error!.message).toContain(SECRET_EMAIL);
}
