import type { FastifyInstance } from "fastify";
import { bangerCreateInput, bangerIdInput, bangerListInput } from "../../../common/bangers-input";
import type { Guards } from "../../auth/guards";
import type { AppDeps } from "../../deps";
import { parseInput, PRIVATE_NO_STORE } from "../../infra/http";
import * as bangers from "./service";

/**
 * The spec's REST paths of content bangers (admin only; the React client uses the tRPC twins, which add
 * editing and the status moves). The guard runs before any input is read: an anonymous caller learns only 401.
 */
export function registerBangersRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;

  /** ?type=&status= filters; `?action=list` is the spec's alternate form of the same list. */
  app.get("/api/content/bangers", async (request, reply) => {
    await guards.admin(request, reply);
    const filters = parseInput(bangerListInput, request.query);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await bangers.listBangers(db, filters));
  });

  app.post("/api/content/bangers", async (request, reply) => {
    await guards.admin(request, reply);
    const input = parseInput(bangerCreateInput, request.body);
    return reply
      .code(201)
      .header("Cache-Control", PRIVATE_NO_STORE)
      .send(await bangers.createBanger(db, input));
  });

  app.delete("/api/content/bangers", async (request, reply) => {
    await guards.admin(request, reply);
    const { id } = parseInput(bangerIdInput, request.query);
    return reply.header("Cache-Control", PRIVATE_NO_STORE).send(await bangers.deleteBanger(db, id));
  });
}
