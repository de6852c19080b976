import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

/*
 * Throwaway mail domains, from the community-kept disposable-email-domains list (CC0; Renovate keeps the
 * package current). Built into a Set once, on first use: about 9,000 domains.
 */
let domains: Set<string> | undefined;

/** Whether the address's domain, or any domain it is under (`x.mailinator.com`), is a disposable one. */
export function isDisposableEmail(email: string): boolean {
  domains ??= disposableEmailBlocklistSet();
  const labels = email
    .slice(email.lastIndexOf("@") + 1)
    .toLowerCase()
    .split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (domains.has(labels.slice(i).join("."))) return true;
  }
  return false;
}

/**
 * One person's address, however they spell it: lower case, the `+tag` of the local part dropped, and for
 * Gmail (which ignores dots, and answers at googlemail.com too) the dots dropped. Two addresses with the same
 * normalised form are taken as one person (a self-referral earns nothing).
 */
export function normalisedEmail(email: string): string {
  const at = email.lastIndexOf("@");
  let local = email.slice(0, at).toLowerCase();
  let domain = email.slice(at + 1).toLowerCase();
  local = local.split("+")[0] ?? local;
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}
