/**
 * What a public page's form post leaves for the page it renders (the page's form reads it as its route's action
 * data): on a failure, what was typed (never a password) with the error texts; after a success the server
 * redirects (303) and hands the result to the page it redirected to, for one rendering.
 */
export type FormReturn<Result = unknown> = {
  /** The fields as typed, by name; repeated fields (interests, tags) as lists. */
  values?: Record<string, string | string[]>;
  /** The message shown above the form, as the scripted form shows the server's error text. */
  error?: string;
  /** One message per field, as the scripted form shows the shared schema's issues. */
  fieldErrors?: Record<string, string>;
  /** What a successful post answered (the waitlist position, "Check your email"...). */
  result?: Result;
};

/** A form post's outcome as the page renders it: the form's return, and the status the page answers with. */
export type FormRender = { formReturn: FormReturn; status: number };

/** A typed field of a form return: the first value as text ("" when absent). */
export const returnedText = (formReturn: FormReturn | undefined, name: string): string => {
  const value = formReturn?.values?.[name];
  return typeof value === "string" ? value : (value?.[0] ?? "");
};

/** A repeated field of a form return (checkbox lists). */
export const returnedList = (formReturn: FormReturn | undefined, name: string): string[] => {
  const value = formReturn?.values?.[name];
  return value === undefined ? [] : typeof value === "string" ? [value] : value;
};
