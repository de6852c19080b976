import {
  chapterIdInput,
  chapterInput,
  chapterRateInput,
  chapterSetStatusInput,
  chapterUpdateInput,
  checklistToggleInput,
  playbookBrowseInput,
} from "#common/playbook/input.ts";
import { adminProcedure, memberProcedure, router } from "#server/trpc/init.ts";
import { rateChapter, toggleChecklistItem } from "./progress";
import * as playbook from "./service";

/** The Playbook: members read published chapters, tick checklists and rate; admins write chapters. The PDF is REST (routes.ts). */
export const playbookRouter = router({
  /** The members' list: published and Coming Soon chapters, with the stats. */
  browse: memberProcedure.input(playbookBrowseInput).query(({ ctx, input }) => playbook.browseChapters(ctx.db, ctx.user, input)),
  /** One chapter to read (drafts and Coming Soon: 404 to members); makes the member one of its readers. */
  chapter: memberProcedure.input(chapterIdInput).query(({ ctx, input }) => playbook.readChapter(ctx.db, ctx.user, input.id)),
  toggleChecklistItem: memberProcedure
    .input(checklistToggleInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => toggleChecklistItem(ctx.db, ctx.user, input)),
  rate: memberProcedure
    .input(chapterRateInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => rateChapter(ctx.db, ctx.user, input)),

  /** The back office's list: every chapter, drafts too, and whether the starter chapters can still be added. */
  adminList: adminProcedure.input(playbookBrowseInput).query(({ ctx, input }) => playbook.browseChapters(ctx.db, ctx.user, input, true)),
  /** A chapter as the editor loads it. */
  draft: adminProcedure.input(chapterIdInput).query(({ ctx, input }) => playbook.getChapterDraft(ctx.db, input.id)),
  create: adminProcedure
    .input(chapterInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => playbook.createChapter(ctx.db, input)),
  update: adminProcedure
    .input(chapterUpdateInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => playbook.updateChapter(ctx.db, input)),
  setStatus: adminProcedure
    .input(chapterSetStatusInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => playbook.setChapterStatus(ctx.db, input)),
  delete: adminProcedure
    .input(chapterIdInput)
    .meta({ invalidates: [] })
    .mutation(({ ctx, input }) => playbook.deleteChapter(ctx.db, input.id)),
  addStarters: adminProcedure.meta({ invalidates: [] }).mutation(({ ctx }) => playbook.addStarterChapters(ctx.db, ctx.user.id)),
});
