/** How long the code step after a right password may take, and a passkey ceremony's challenge lives. */
export const LOGIN_CHALLENGE_VALID_MS = 5 * 60 * 1000;
export const WEBAUTHN_CHALLENGE_VALID_MS = 5 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;

/** What `POST /api/auth/login` answers instead of a session when the account has two-factor codes. */
export type TwoFactorRequired = { twoFactorRequired: true; challenge: string };

/** What a scriptless sign-in form post leaves for its page when the password was right but a code is needed. */
export type LoginCodeStep = TwoFactorRequired & { email: string; callback: string | null };

export const TOTP_ISSUER = "The $100 Lab";

/** ADMIN_2FA=required: the words an admin without a second factor gets from every admin procedure and page. */
export const SECOND_FACTOR_SETUP_REQUIRED = "Set up a passkey or two-factor codes on your account page before using the back office.";
