import type { SQL } from "drizzle-orm";
import { rowsOf, type Executor } from "#server/db/client.ts";

/** The rows a statement returns, on either driver: what a test reads straight from the database. */
export async function queryRows<T = Record<string, unknown>>(db: Executor, statement: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(statement));
}
