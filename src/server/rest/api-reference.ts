import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { AnyRouter } from "@trpc/server";
import type { FastifyInstance } from "fastify";
import { buildOpenApiDocument } from "./openapi-document";

export const OPENAPI_PATH = "/api/openapi.json";

/** The site's name where Swagger UI shows its own brand; it links back to the site. */
const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="150" height="32" viewBox="0 0 150 32"><text x="0" y="23" font-family="Inter, system-ui, sans-serif" font-size="20" font-weight="700" fill="#ffffff">The $100 Lab</text></svg>`;
export const API_REFERENCE_PATH = "/api/docs";

/**
 * The OpenAPI document at /api/openapi.json, built once from the definitions, and a reference page for
 * people at /api/docs (Swagger UI, its files served from this app: the site's script policy allows no other).
 */
export async function registerApiReference(app: FastifyInstance, router: AnyRouter, publicUrl: string): Promise<void> {
  const document = buildOpenApiDocument(router, publicUrl);
  app.get(OPENAPI_PATH, (_request, reply) => reply.header("Cache-Control", "public, max-age=300").send(document));
  await app.register(swagger, { mode: "static", specification: { document: document as never } });
  await app.register(swaggerUi, {
    routePrefix: API_REFERENCE_PATH,
    // No call to the public validator service: the page shows the document and nothing else leaves the site.
    uiConfig: { validatorUrl: null, url: OPENAPI_PATH, deepLinking: true },
    staticCSP: false,
    theme: { title: "The $100 Lab API" },
    logo: { type: "image/svg+xml", content: Buffer.from(LOGO_SVG), href: "/", target: "_self" },
  });
}
