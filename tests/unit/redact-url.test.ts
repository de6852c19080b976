import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createLogger } from "#server/infra/logger.ts";
import { isSecretParamName, redactUrl } from "#server/infra/redact-url.ts";
import { createRequestLogController } from "#server/infra/request-log.ts";

const cases: Array<[string, string]> = [
  ["/reset-password?token=abc123", "/reset-password?token=[redacted]"],
  ["/unsubscribe?token=abc.def", "/unsubscribe?token=[redacted]"],
  ["/api/waitlist/unsubscribe?token=abc.def", "/api/waitlist/unsubscribe?token=[redacted]"],
  ["/api/email/inbound/s3cr3t", "/api/email/inbound/[redacted]"],
  ["/api/email/inbound/s3cr3t?x=1", "/api/email/inbound/[redacted]?x=1"],
  ["/api/email/inbound/", "/api/email/inbound/"],
  ["/api/email/inbound-attachments/0b5e", "/api/email/inbound-attachments/0b5e"],
  ["/login?email=a%40b.c&password=supersecret123", "/login?email=a%40b.c&password=[redacted]"],
  ["/signup?password=a&confirmPassword=b&name=Ada", "/signup?password=[redacted]&confirmPassword=[redacted]&name=Ada"],
  [
    "/x?PASSWORD=a&Confirm_Password=b&new-password=c&user%5Bpassword%5D=d",
    "/x?PASSWORD=[redacted]&Confirm_Password=[redacted]&new-password=[redacted]&user%5Bpassword%5D=[redacted]",
  ],
  ["/x?code=1&secret=2&key=3", "/x?code=[redacted]&secret=[redacted]&key=[redacted]"],
  [
    "/x?apiKey=1&api_key=2&X-Api-Key=3&access_token=4&refresh_token=5",
    "/x?apiKey=[redacted]&api_key=[redacted]&X-Api-Key=[redacted]&access_token=[redacted]&refresh_token=[redacted]",
  ],
  [
    "/x?signature=1&sig=2&X-Amz-Signature=3&X-Amz-Credential=4&client_secret=5",
    "/x?signature=[redacted]&sig=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&client_secret=[redacted]",
  ],
  [
    "/x?sessionId=1&otp=2&auth=3&jwt=4&pwd=5&passwd=6&authorization=7",
    "/x?sessionId=[redacted]&otp=[redacted]&auth=[redacted]&jwt=[redacted]&pwd=[redacted]&passwd=[redacted]&authorization=[redacted]",
  ],
  ["/x?password=a=b=c&token=", "/x?password=[redacted]&token=[redacted]"],
  ["/x?pass+word=a", "/x?pass+word=[redacted]"],
  ["/x?token", "/x?token"],
  ["/builders?page=2&q=ada&sort=name", "/builders?page=2&q=ada&sort=name"],
  ["/today", "/today"],
  ["/", "/"],
  ["/?", "/?"],
];

describe("redactUrl", () => {
  it.each(cases)("%s -> %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each(["password", "confirmPassword", "token", "code", "secret", "key", "apiKey", "api_key", "access_token", "signature", "Api-Key"])(
    "names %s a secret",
    (name) => {
      expect(isSecretParamName(name)).toBe(true);
    },
  );

  it.each(["email", "name", "page", "q", "callback", "next", "utm_source", "interests"])("leaves %s readable", (name) => {
    expect(isSecretParamName(name)).toBe(false);
  });
});

describe("the app logger's request lines", () => {
  it("write the URL redacted, with Fastify's other request fields", async () => {
    const lines: Array<{ msg: string; req?: Record<string, unknown> }> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = Fastify({
      loggerInstance: createLogger({ level: "trace", env: "test", destination: sink }),
      logController: createRequestLogController(),
    });
    app.get("/reset-password", async () => ({ ok: true }));
    await app.ready();
    await app.inject({ url: "/reset-password?token=live-reset-token" });
    await app.inject({ url: "/api/email/inbound/inbound-secret" });
    await app.close();

    const text = lines.map((line) => JSON.stringify(line)).join("\n");
    expect(text).not.toContain("live-reset-token");
    expect(text).not.toContain("inbound-secret");
    const [answered, unknown] = lines.filter((line) => line.msg === "request completed");
    expect(answered?.req).toMatchObject({ method: "GET", url: "/reset-password?token=[redacted]", remoteAddress: "127.0.0.1" });
    expect(unknown?.req).toMatchObject({ method: "GET", url: "/api/email/inbound/[redacted]" });
  });
});
