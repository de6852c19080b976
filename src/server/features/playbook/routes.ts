import type { FastifyInstance } from "fastify";
import { chapterIdInput } from "#common/playbook/input.ts";
import type { Guards } from "#server/auth/guards.ts";
import type { AppDeps } from "#server/deps.ts";
import { parseInput, PRIVATE_NO_STORE } from "#server/infra/http.ts";
import { renderChapterPdf } from "./pdf";
import { downloadChapter } from "./service";

/** "Transfer for Beginners!" -> "transfer-for-beginners": a file name every system accepts. */
const fileNameOf = (title: string) =>
  `${
    title
      .normalize("NFKD")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "chapter"
  }.pdf`;

/** Download PDF: a member's (or admin's) copy of a readable chapter, generated and streamed; each one is counted. */
export function registerPlaybookRoutes(app: FastifyInstance, deps: AppDeps, guards: Guards) {
  const { db } = deps.database;
  app.get<{ Params: { id: string } }>("/api/playbook/chapters/:id/pdf", async (request, reply) => {
    const { user } = await guards.member(request, reply);
    const { id } = parseInput(chapterIdInput, request.params);
    await deps.rateLimits.consume("playbookPdf", user.id);
    const chapter = await downloadChapter(db, user, id);
    const pdf = await renderChapterPdf(chapter);
    return reply
      .header("Content-Type", "application/pdf")
      .header("Content-Disposition", `attachment; filename="${fileNameOf(chapter.title)}"`)
      .header("Cache-Control", PRIVATE_NO_STORE)
      .send(pdf);
  });
}
