import * as OTPAuth from "otpauth";
import { TOTP_ISSUER } from "#common/second-factors/second-factors.ts";

/**
 * RFC 6238 as every authenticator app reads it: SHA-1, six digits, 30-second steps. One step either side of
 * the server's clock is accepted (a phone a few seconds off, a code typed as it changed).
 */
const PARAMETERS = { algorithm: "SHA1", digits: 6, period: 30 } as const;
const WINDOW = 1;

/** 160 random bits, the size RFC 4226 recommends, as base32 (what apps and the otpauth URL carry). */
export const newTotpSecret = (): string => new OTPAuth.Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = "") =>
  new OTPAuth.TOTP({ ...PARAMETERS, issuer: TOTP_ISSUER, label, secret: OTPAuth.Secret.fromBase32(secret) });

/** What the enrolment screen shows: the otpauth:// URL and its QR code as an SVG document made here. */
export async function enrolmentOf(secret: string, accountEmail: string): Promise<{ otpauthUrl: string; qrSvg: string }> {
  const otpauthUrl = totpOf(secret, accountEmail).toString();
  // Loaded here rather than at start: only enrolment draws a QR code.
  const { default: QRCode } = await import("qrcode");
  const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { otpauthUrl, qrSvg };
}

/**
 * The time step a six-digit code belongs to, if it is right for now (± one step), else null. The caller accepts
 * it only when the step is later than the last one used: that is what makes each code single use.
 */
export function totpStepOf(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
