import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { API_REFERENCE_PATH, OPENAPI_PATH } from "#server/rest/api-reference.ts";
import { useTestApp } from "../helpers/test-app";

const t = useTestApp();

type Document = { openapi: string; paths: Record<string, Record<string, { operationId: string; security?: unknown }>> };
const documentOf = async () => (await t.app.inject({ method: "GET", url: OPENAPI_PATH })).json() as Document;

/** The REST paths outside clients call: the API and the health probe; the reference's own pages aside. */
const isRestPath = (url: string) =>
  (url.startsWith("/api/") || url === "/healthz") && url !== OPENAPI_PATH && !url.startsWith(API_REFERENCE_PATH);

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const response = await t.app.inject({ method: "GET", url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const document = response.json() as Document;
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it("describes every REST path the app serves, and nothing it does not", async () => {
    const document = await documentOf();
    const served = t.app.routeList
      .filter((route) => isRestPath(route.url))
      .map((route) => `${route.method} ${route.url.replace(/:([A-Za-z_]+)/g, "{$1}")}`);
    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(served.length).toBeGreaterThan(40);
    expect(described.sort()).toEqual([...new Set(served)].sort());
  });

  it("says which operations need a session and takes the inputs' schemas from their definitions", async () => {
    const document = await documentOf();
    const join = document.paths["/api/waitlist/join"]!.post as unknown as {
      security?: unknown;
      requestBody: { content: { "application/json": { schema: { properties: Record<string, unknown>; required: string[] } } } };
      responses: Record<string, unknown>;
    };
    expect(join.security).toBeUndefined();
    expect(join.requestBody.content["application/json"].schema.required).toContain("email");
    expect(Object.keys(join.responses)).toEqual(expect.arrayContaining(["200", "201", "400", "429"]));
    const adminList = document.paths["/api/waitlist/admin"]!.get as unknown as {
      security: unknown;
      parameters: Array<{ name: string; in: string }>;
    };
    expect(adminList.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }]);
    expect(adminList.parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toContain("query:page");
  });
});

describe("GET /api/docs", () => {
  it("serves the reference page for people, its scripts from this site", async () => {
    const page = await t.app.inject({ method: "GET", url: `${API_REFERENCE_PATH}/` });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).not.toMatch(/^(https?:)?\/\//);
    const initializer = await t.app.inject({ method: "GET", url: `${API_REFERENCE_PATH}/static/swagger-initializer.js` });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain(OPENAPI_PATH);
  });
});
