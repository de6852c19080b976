import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../helpers/totp";
import { lateScripts, openPage, launchBrowser, screenshot, startServer, submitOnFirstCommit, type RunningServer } from "./harness";

/*
 * Two-factor codes and passkeys as a person uses them: enrol an authenticator by reading the secret off the
 * account page, sign in with a code computed here; add a passkey held by Chromium's virtual authenticator
 * (DevTools' WebAuthn domain) and sign in with it, no password and no code.
 */
const admin = { email: "owner@lab.example", password: "admin-password-1", name: "Olive Owner" };
let server: RunningServer;
let browser: Browser;
/** What the first journey's enrolment showed, for the next journey's sign-in. */
let recoveryCodes: string[] = [];

beforeAll(async () => {
  // A passkey's relying party id is PUBLIC_URL's host name, which must be a domain: localhost, not 127.0.0.1.
  server = await startServer({ admins: [admin], publicHost: "localhost" });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signInWithPassword(page: Awaited<ReturnType<typeof openPage>>) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel("Email", { exact: true }).fill(admin.email);
  await page.getByLabel("Password", { exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

describe("second factors in the browser", () => {
  it("enrols two-factor codes from the account page, then asks for a code at sign-in", async () => {
    const page = await openPage(browser);
    await signInWithPassword(page);
    await page.waitForURL(`${server.url}/today`);

    await page.goto(`${server.url}/account`);
    await page.getByRole("heading", { name: "Your account", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Set up two-factor codes" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expect.poll(() => page.getByRole("img", { name: "QR code for your authenticator app" }).isVisible()).toBe(true);
    await screenshot(page, "two-factor-enrol");
    await page.getByLabel("Code from the app").fill(totpCode(secret, Date.now()));
    await page.getByRole("button", { name: "Turn on two-factor codes" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect.poll(() => codes.count()).toBe(10);
    recoveryCodes = await codes.allTextContents();
    await screenshot(page, "two-factor-recovery-codes");
    await page.getByRole("button", { name: "I have saved these codes" }).click();
    await page.getByText("Two-factor codes are on. 10 of 10 recovery codes left.").waitFor();
    await page.context().close();

    const next = await openPage(browser);
    await signInWithPassword(next);
    await next.getByText("Two-factor code", { exact: true }).waitFor();
    await screenshot(next, "two-factor-code-step");
    // The next step's code: the one that confirmed enrolment counts as used, and the server accepts one step ahead.
    await next.getByLabel("Code", { exact: true }).fill(totpCode(secret, Date.now() + 30_000));
    await next.getByRole("button", { name: "Verify" }).click();
    await next.waitForURL(`${server.url}/today`);
    await next.context().close();
  });

  it("keeps a code typed into the code step before its scripts ran, submitted the moment they have", async () => {
    // The password is sent before the scripts run (the browser posts it); the code step comes back as the server's
    // HTML, the code is typed into it, and the form is submitted right after hydration.
    const context = await lateScripts(browser, 300);
    await submitOnFirstCommit(context, "form:has(input[name=code])");
    const page = await context.newPage();
    await page.goto(`${server.url}/login`, { waitUntil: "domcontentloaded" });
    await page.getByLabel("Email", { exact: true }).fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await page.getByLabel("Code", { exact: true }).fill(recoveryCodes[1]!);
    await page.waitForURL(`${server.url}/today`);
    await context.close();
  });

  it("registers a passkey in Chromium's virtual authenticator and signs in with it, with no code asked", async () => {
    const page = await openPage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    // The account has two-factor codes (the test above): the password step is followed by a code, here a
    // recovery code (the authenticator's next code may be the one the test above used).
    await signInWithPassword(page);
    await page.getByLabel("Code", { exact: true }).fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.waitForURL(`${server.url}/today`);

    await page.goto(`${server.url}/account`);
    await page.getByText("No passkeys yet.").waitFor();
    await page.getByRole("region", { name: "Passkeys" }).getByLabel("Name").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const passkeys = page.getByRole("list", { name: "Your passkeys" });
    await passkeys.getByText("Test laptop").waitFor();
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    await screenshot(page, "passkeys-registered");

    // Signed out (the cookie gone), the same browser signs in with the passkey alone. First through the
    // browser's autofill (conditional UI): the virtual authenticator answers the pending request by itself.
    await page.context().clearCookies();
    await page.goto(`${server.url}/login`);
    await page.waitForURL(`${server.url}/today`);
    await screenshot(page, "passkey-signed-in");

    // Then with the button, on the System Login, in a browser without passkey autofill (so the button is the way in).
    await page.context().clearCookies();
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
    });
    await page.goto(`${server.url}/system/admin`);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(`${server.url}/today`);
    const session = (await page.context().cookies()).find((cookie) => cookie.name === "session");
    expect(session?.httpOnly).toBe(true);

    // The sign-in was counted on the stored passkey.
    await page.goto(`${server.url}/account`);
    await passkeys.getByText(/last used/).waitFor();
    await page.context().close();
  });
});

describe("deleting an account with a passkey in the browser", () => {
  it("registers a passkey, deletes the account confirmed with it, and the account cannot sign in afterwards", async () => {
    const member = { name: "Pia Passkey", email: "pia@example.com", password: "member-pass-1" };
    const page = await openPage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await page.goto(`${server.url}/signup`);
    await page.getByLabel("Full Name").fill(member.name);
    await page.getByLabel("Email Address").fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByLabel("Confirm Password").fill(member.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 });

    await page.goto(`${server.url}/account`);
    const deletion = page.getByRole("region", { name: "Delete account" });
    await page.getByText("No passkeys yet.").waitFor();
    // Without a passkey the deletion offers the password alone.
    expect(await deletion.getByRole("button", { name: "Confirm with a passkey" }).count()).toBe(0);
    await page.getByRole("region", { name: "Passkeys" }).getByLabel("Name").fill("Pia's laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await page.getByRole("list", { name: "Your passkeys" }).getByText("Pia's laptop").waitFor();

    await deletion.getByRole("button", { name: "Confirm with a passkey" }).click();
    await screenshot(page, "account-delete-passkey");
    await page
      .getByRole("alertdialog", { name: "Delete your account for good?" })
      .getByRole("button", { name: "Delete my account" })
      .click();
    await page.getByText("Your account is deleted", { exact: true }).waitFor();
    await page.waitForURL(`${server.url}/`);

    await page.goto(`${server.url}/login`);
    await page.getByLabel("Email", { exact: true }).fill(member.email);
    await page.getByLabel("Password", { exact: true }).fill(member.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByText("Invalid email or password").waitFor();
    expect(new URL(page.url()).pathname).toBe("/login");
    await page.context().close();
  });
});

describe("ADMIN_2FA=required in the browser", () => {
  let strict: RunningServer;
  beforeAll(async () => {
    strict = await startServer({ admins: [admin], env: { ADMIN_2FA: "required" } });
  });
  afterAll(async () => {
    await strict?.stop();
  });

  it("shows an admin without a second factor only the enrolment, then the back office once codes are on", async () => {
    const page = await openPage(browser);
    await page.goto(`${strict.url}/system/admin`);
    await page.getByLabel("Email", { exact: true }).fill(admin.email);
    await page.getByLabel("Password", { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL(`${strict.url}/today`);
    await page.getByRole("heading", { name: "Protect your admin account", level: 1 }).waitFor();
    await page.getByRole("button", { name: "Set up two-factor codes" }).waitFor();
    await screenshot(page, "admin-2fa-required");
    await page.getByRole("button", { name: "Set up two-factor codes" }).click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.getByLabel("Code from the app").fill(totpCode(secret, Date.now()));
    await page.getByRole("button", { name: "Turn on two-factor codes" }).click();
    // The daily plan replaces the enrolment as soon as the server says a second factor is there.
    await page.getByRole("heading", { name: /^(Good morning|Good afternoon|Good evening|Working late), /, level: 1 }).waitFor();
    await page.context().close();
  });
});
