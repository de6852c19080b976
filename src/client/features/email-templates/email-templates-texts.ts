import { httpStatusOf, errorMessage } from "#client/lib/errors.ts";

/** The server's reason (it words its refusals for people), or a plain fallback. */
export const reasonOf = (error: unknown) =>
  errorMessage(error, { fallback: "Please try again.", network: "No response from the server. Check your connection and try again." });

/** The text of a failed test send: 'Failed to send test email (status):' and the server's reason. */
export const testSendFailure = (error: unknown) => `Failed to send test email (${httpStatusOf(error) ?? "no answer"}): ${reasonOf(error)}`;
