import pg from "pg";

/** What a LISTEN tells its owner: each payload, and when the connection is lost and back. */
export type ListenEvents = {
  onNotify(payload: string): void;
  /** The connection is gone (or could not be opened): notifications are missed until onResume. Once per outage. */
  onLost(error: unknown): void;
  /** Listening again after a loss: what was sent meanwhile is lost, so the owner assumes anything changed. */
  onResume(): void;
};

/** The first retry comes quickly (a restarted server is often back within a second); later ones back off. */
const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * LISTEN over one dedicated connection: a pooled one would be handed to other queries, and its LISTEN would
 * end with it. A dropped connection is reopened with backoff for as long as the listener is not stopped.
 * Resolves once the first attempt has succeeded or failed (a failure is retried like a drop).
 */
export async function listenPostgres(url: string, channel: string, events: ListenEvents): Promise<() => Promise<void>> {
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;
  let stopped = false;
  let lost = false;

  const scheduleRetry = () => {
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
    delay = Math.min(delay * 2, MAX_RETRY_MS);
  };

  async function connect() {
    retry = undefined;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true });
    let dropped = false;
    const drop = (error: unknown) => {
      if (dropped) return;
      dropped = true;
      if (current === client) current = undefined;
      client.end().catch(() => {});
      if (stopped) return;
      if (!lost) {
        lost = true;
        events.onLost(error);
      }
      scheduleRetry();
    };
    // Unheard, a lost connection's error would crash the process.
    client.on("error", drop);
    client.on("end", () => drop(new Error("the LISTEN connection ended")));
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload !== undefined) events.onNotify(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch (error) {
      drop(error);
      return;
    }
    if (stopped) {
      dropped = true;
      await client.end().catch(() => {});
      return;
    }
    current = client;
    delay = FIRST_RETRY_MS;
    if (lost) {
      lost = false;
      events.onResume();
    }
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}
