import { describe, expect, it } from "vitest";
import { serializeError } from "#server/infra/error-serializer.ts";

class FakeClient {
  password = "s3cret";
  socket = { remoteAddress: "127.0.0.1" };
}

describe("serializeError", () => {
  it("leaves out a live object hung on the error, such as a lost pool connection's client", () => {
    const error = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
      client: new FakeClient(),
      where: { table: "analytics_events" },
    });
    const serialized = serializeError(error) as Record<string, unknown>;
    const logged = JSON.stringify(serialized);
    expect(logged).toContain("57P01");
    expect(logged).toContain("analytics_events");
    expect(logged).not.toContain("s3cret");
    // The key itself, not the word: the stack's file paths may hold "client" (a checkout's folder name).
    expect(Object.keys(serialized)).not.toContain("client");
    expect(logged).not.toContain("remoteAddress");
  });
});
