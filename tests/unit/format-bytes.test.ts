import { describe, expect, it } from "vitest";
import { formatBytes } from "../../src/client/lib/format";

describe("formatBytes", () => {
  it("shows Bytes, KB, MB and GB in steps of 1024", () => {
    expect([0, 512, 1024, 1536, 10 * 1024 * 1024 + 300_000, 2.5 * 1024 ** 3, 5000 * 1024 ** 3].map(formatBytes)).toEqual([
      "0 Bytes",
      "512 Bytes",
      "1 KB",
      "1.5 KB",
      "10.3 MB",
      "2.5 GB",
      "5000 GB",
    ]);
  });
});
