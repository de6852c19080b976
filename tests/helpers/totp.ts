import * as OTPAuth from "otpauth";

/** The six-digit code an authenticator app shows for the secret at `timestamp` (RFC 6238, SHA-1, 30 s steps). */
export const totpCode = (secret: string, timestamp: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30, timestamp });
