// zod/mini, like the other shared schemas: the image test page and its router use the same enum.
import * as z from "zod/mini";

/** The image test page's five feature tests, in the order the page shows them. */
export const IMAGE_TESTS = ["drag-and-drop", "paste", "choose-files", "annotate", "share"] as const;
export type ImageTestName = (typeof IMAGE_TESTS)[number];
export const IMAGE_TEST_TOTAL = IMAGE_TESTS.length;

export const imageTestCompleteInput = z.object({
  test: z.enum(IMAGE_TESTS, { error: `Test must be one of: ${IMAGE_TESTS.join(", ")}` }),
});
export type ImageTestCompleteInput = z.infer<typeof imageTestCompleteInput>;

/** One admin's progress: when each test was completed; tests not yet done are absent. */
export type ImageTestProgress = {
  completed: Partial<Record<ImageTestName, string>>;
};
