// The zod/mini schemas of content bangers: REST (/api/content/bangers) and tRPC (bangers.*) parse with them,
// and the create and edit dialogs too.
import * as z from "zod/mini";
import { BANGER_FIELD_MAX, BANGER_STATUSES, BANGER_TYPES } from "./bangers";
import { CAMPAIGN_VALUE_PATTERN } from "#common/analytics/campaigns.ts";
import { safeText } from "#common/forms/text-input.ts";

const typeField = z.enum(BANGER_TYPES, { error: `Type must be one of: ${BANGER_TYPES.join(", ")}` });
const statusField = z.enum(BANGER_STATUSES, { error: `Status must be one of: ${BANGER_STATUSES.join(", ")}` });

const titleField = safeText("Title", "Title is required", "name").check(
  z.trim(),
  z.minLength(1, "Title is required"),
  z.maxLength(BANGER_FIELD_MAX.title, `Title must be at most ${BANGER_FIELD_MAX.title} characters`),
);
/** Content may be empty while a banger is a draft; "ready" checks it. */
const contentField = z.pipe(
  z.nullish(
    safeText("Content").check(z.maxLength(BANGER_FIELD_MAX.content, `Content must be at most ${BANGER_FIELD_MAX.content} characters`)),
  ),
  z.transform((value) => value ?? ""),
);
const tagsField = z.pipe(
  z.nullish(
    z
      .array(
        safeText("Each tag", "Each tag must be text").check(
          z.trim(),
          z.maxLength(BANGER_FIELD_MAX.tag, `Each tag must be at most ${BANGER_FIELD_MAX.tag} characters`),
        ),
        { error: "Tags must be a list of texts" },
      )
      .check(z.maxLength(BANGER_FIELD_MAX.tags, `At most ${BANGER_FIELD_MAX.tags} tags`)),
  ),
  // The same rule as the dialog's comma-separated field: trimmed, empties dropped (and each tag once).
  z.transform((tags) => [...new Set((tags ?? []).filter((tag) => tag !== ""))]),
);

const METADATA_MAX_BYTES = 4096;
/** Free-form metadata (platform defaults to the type, plus any extra keys); platform becomes utm_source, so it is a short name. */
const metadataField = z.pipe(
  z.nullish(
    z.record(z.string(), z.unknown(), { error: "Metadata must be a JSON object" }).check(
      z.refine(
        (value) => JSON.stringify(value).length <= METADATA_MAX_BYTES,
        `Metadata must be at most ${METADATA_MAX_BYTES} bytes of JSON`,
      ),
      z.refine(
        (value) =>
          value.platform === undefined ||
          value.platform === null ||
          value.platform === "" ||
          (typeof value.platform === "string" && CAMPAIGN_VALUE_PATTERN.test(value.platform)),
        "Platform must be a short name: letters, digits, dots, dashes or underscores",
      ),
    ),
  ),
  z.transform((value) => value ?? {}),
);

export const bangerIdInput = z.object({
  id: safeText("Banger id", "Banger id is required").check(z.trim(), z.guid("Banger id must be a UUID")),
});
export type BangerIdInput = z.infer<typeof bangerIdInput>;

/** POST /api/content/bangers and bangers.create: no status means draft. */
export const bangerCreateInput = z.object(
  {
    type: typeField,
    title: titleField,
    content: contentField,
    tags: tagsField,
    metadata: metadataField,
    status: z.optional(statusField),
  },
  { error: "Request body must be a JSON object" },
);
export type BangerCreateInput = z.infer<typeof bangerCreateInput>;
export type BangerCreateValues = z.input<typeof bangerCreateInput>;

/** bangers.update: the editable fields; the status moves through bangers.setStatus. */
export const bangerUpdateInput = z.object({
  ...bangerIdInput.shape,
  type: typeField,
  title: titleField,
  content: contentField,
  tags: tagsField,
  metadata: metadataField,
});
export type BangerUpdateInput = z.infer<typeof bangerUpdateInput>;

/** An http(s) address, as the post's URL must be. */
const postedUrlField = safeText("Post URL", "Post URL is required").check(
  z.trim(),
  z.minLength(1, "Post URL is required"),
  z.maxLength(BANGER_FIELD_MAX.url, `Post URL must be at most ${BANGER_FIELD_MAX.url} characters`),
  z.refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "Post URL must be an http:// or https:// address"),
);

/** bangers.setStatus: a move of the status machine; posting needs the post's URL. */
export const bangerSetStatusInput = z.discriminatedUnion(
  "status",
  [
    z.object({ ...bangerIdInput.shape, status: z.literal("draft") }),
    z.object({ ...bangerIdInput.shape, status: z.literal("ready") }),
    z.object({ ...bangerIdInput.shape, status: z.literal("posted"), postedUrl: postedUrlField }),
  ],
  { error: `Status must be one of: ${BANGER_STATUSES.join(", ")}` },
);
export type BangerSetStatusInput = z.infer<typeof bangerSetStatusInput>;

/** The filters of GET /api/content/bangers (`?action=list` is an alternate form of the same call). */
const emptyAsAbsent = z.pipe(
  z.optional(z.unknown()),
  z.transform((value) => (value === "" ? undefined : value)),
);
export const bangerListInput = z.object({
  type: z.pipe(emptyAsAbsent, z.optional(typeField)),
  status: z.pipe(emptyAsAbsent, z.optional(statusField)),
  action: z.optional(z.literal("list", { error: "action must be list" })),
});
export type BangerListInput = z.infer<typeof bangerListInput>;
