import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BACKUP_FORMAT } from "#common/backup/backup.ts";
import type { BackupFileEvent } from "#server/features/backup/backup-file.ts";
import { readBackupFile } from "#server/features/backup/backup-reader.ts";

const meta = {
  createdAt: "2026-11-23T08:00:00.000Z",
  createdBy: "boss@example.com",
  categories: ["waitlist"],
  counts: { waitlist_entries: 3, builders: 0 },
};
const rows = [
  { id: "a", name: 'Ada, "the first"', tags: ["x", "y"] },
  { id: "b", name: "Zoë ]},\\n", tags: [] },
  { id: "c", name: null, tags: ["}"] },
];

/** A file as backup-writer.ts lays it out: the head on one line, then one row per line. */
function writerLayout(tableRows: object[] = rows, newline = "\n"): string {
  const head = `{"format":${JSON.stringify(BACKUP_FORMAT)},"version":1,"meta":${JSON.stringify(meta)},"tables":{`;
  const table = `${JSON.stringify("waitlist_entries")}:[${newline}${tableRows.map((row) => JSON.stringify(row)).join(`,${newline}`)}]`;
  return [head, table + ",", `"builders":[]`, "}}", ""].join(newline);
}

async function read(text: string, chunkBytes = 64 * 1024): Promise<BackupFileEvent[]> {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += chunkBytes) chunks.push(bytes.subarray(start, start + chunkBytes));
  const events: BackupFileEvent[] = [];
  for await (const event of readBackupFile(Readable.from(chunks), { secret: null })) events.push(event);
  return events;
}

/** The events with each batch's JSON parsed, to compare the two readers. */
const parsed = (events: BackupFileEvent[]) =>
  events
    .filter((event) => event.type !== "end")
    .map((event) =>
      event.type === "rows"
        ? { ...event, json: JSON.parse(event.json) as unknown }
        : event.type === "meta"
          ? { type: event.type, meta: event.meta }
          : event,
    );

const refusal = async (text: string) =>
  read(text).then(
    () => "read without complaint",
    (error: Error) => error.message,
  );

describe("readBackupFile", () => {
  it("reads the writer's layout: the meta, then each table's rows as one JSON batch with its count", async () => {
    const events = parsed(await read(writerLayout()));
    expect(events).toEqual([
      { type: "meta", meta },
      { type: "rows", table: "waitlist_entries", count: 3, json: rows },
    ]);
  });

  it("gives the same batches whatever the chunk boundaries, and with CRLF line ends", async () => {
    const whole = parsed(await read(writerLayout()));
    expect(parsed(await read(writerLayout(), 7))).toEqual(whole);
    expect(parsed(await read(writerLayout(), 1))).toEqual(whole);
    expect(parsed(await read(writerLayout(rows, "\r\n"), 5))).toEqual(whole);
    const fromText: BackupFileEvent[] = [];
    for await (const event of readBackupFile(Readable.from([writerLayout()]), { secret: null })) fromText.push(event);
    expect(parsed(fromText)).toEqual(whole);
  });

  it("cuts a long table into batches of 5,000 rows", async () => {
    const many = Array.from({ length: 12_001 }, (_, index) => ({ id: String(index) }));
    const batches = (await read(writerLayout(many))).filter((event) => event.type === "rows");
    expect(batches.map((batch) => batch.count)).toEqual([5000, 5000, 2001]);
    expect(batches.flatMap((batch) => JSON.parse(batch.json) as unknown[])).toEqual(many);
  });

  it("reads a reformatted file (any JSON layout) to the same events", async () => {
    const file = { format: BACKUP_FORMAT, version: 1, meta, tables: { waitlist_entries: rows, builders: [] } };
    expect(parsed(await read(JSON.stringify(file, null, 2), 11))).toEqual(parsed(await read(writerLayout())));
    expect(parsed(await read(JSON.stringify(file)))).toEqual(parsed(await read(writerLayout())));
  });

  it("refuses other files, other versions and broken files with a message that says what is wrong", async () => {
    expect(await refusal('{"hello": "world"}\n')).toContain("not a backup of this site");
    expect(await refusal("not json at all")).toContain("could not be read");
    expect(await refusal("")).toContain("not a backup of this site");
    expect(await refusal(writerLayout().replace('"version":1', '"version":7'))).toContain("schema version 7");

    const complete = writerLayout();
    expect(await refusal(complete.slice(0, complete.indexOf('"id":"b"') + 5))).toBe(
      "The backup file is incomplete: it ends inside the rows of waitlist_entries.",
    );
    expect(await refusal(complete.replace("\n}}\n", "\n"))).toBe("The backup file is incomplete: it ends before its closing brackets.");
    expect(await refusal(complete.replace('{"id":"b"', '["b"'))).toBe(
      "The backup file could not be read: line 4 holds a row of waitlist_entries that is not an object.",
    );
    expect(await refusal(complete.replace('"builders":[]', "builders"))).toBe(
      "The backup file could not be read: line 6 holds a line that is neither a table nor the end.",
    );
    expect(await refusal(`${complete}{"more":1}\n`)).toBe(
      "The backup file could not be read: line 8 holds text after the end of the backup.",
    );
  });

  it("passes the row text on untouched: Postgres, not the reader, parses what is inside a row", async () => {
    const broken = writerLayout().replace('{"id":"c"', '{"id":"c",,');
    const batch = (await read(broken)).find((event) => event.type === "rows");
    expect(batch?.json).toContain('{"id":"c",,');
  });
});
