import { errorMessage } from "#client/lib/errors.ts";

/** The page's red-box texts. */
export const FETCH_BANGERS_FAILED = "Failed to fetch bangers";
export const SAVE_BANGER_FAILED = "Failed to save banger";
export const DELETE_BANGER_FAILED = "Failed to delete banger";
export const DELETE_BANGER_QUESTION = "Are you sure you want to delete this banger?";
export const NO_BANGERS = "No bangers found. Create your first one!";

/** The server's reason (it words its refusals for people), or a plain fallback. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { fallback: "Please try again.", network: "No response from the server. Check your connection and try again." });
