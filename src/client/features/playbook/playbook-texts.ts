import { errorMessage } from "#client/lib/errors.ts";

export const NO_CHAPTERS = "No chapters found";
export const FREE_FOR_NOW = "Free For Now";
export const COMING_SOON = "Coming Soon";
export const LOAD_CHAPTERS_FAILED = "Could not load the chapters";
export const LOAD_CHAPTER_FAILED = "Could not load the chapter";

export const reasonOf = (error: unknown) =>
  errorMessage(error, { fallback: "Something went wrong", network: "Network error. Please try again." });
