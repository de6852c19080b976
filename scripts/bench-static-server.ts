/**
 * The yardstick of npm run bench:images: @fastify/static serving one folder from disk, nothing else
 * (no hooks, no logging), on the port given. Usage: bench-static-server.ts <folder> <port>.
 */
import fastifyStatic from "@fastify/static";
import Fastify from "fastify";

const [root, port] = process.argv.slice(2);
if (!root || !port) throw new Error("usage: bench-static-server.ts <folder> <port>");
const app = Fastify();
await app.register(fastifyStatic, { root, maxAge: "1y", immutable: true });
await app.listen({ host: "127.0.0.1", port: Number(port) });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
