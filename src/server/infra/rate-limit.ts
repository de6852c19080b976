import { isIP } from "node:net";
import { normalizeIP } from "@fastify/rate-limit";
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { rateLimited } from "./errors";

type Budget = { points: number; durationSeconds: number; message?: string };

/**
 * Named budgets for the operations open to the public (docs/contract/limits-and-errors.md). Counters live in Redis when
 * REDIS_URL is set (shared by every app instance), else in this process's memory.
 */
export const RATE_LIMIT_BUDGETS = {
  signup: { points: 5, durationSeconds: 60 },
  /** Per address, on asking for a reset link and on using one. */
  passwordReset: { points: 5, durationSeconds: 60 },
  /** Per email, whether or not an account has it, so the answer tells nothing about accounts. */
  passwordResetPerEmail: {
    points: 3,
    durationSeconds: 60 * 60,
    message: "Too many reset links were asked for this email. Use one already sent (check the spam folder) or try again later.",
  },
  /** Per account: new links to confirm its email address. */
  emailVerificationResend: {
    points: 3,
    durationSeconds: 60 * 60,
    message: "Too many confirmation links were asked for. Use one already sent (check the spam folder) or try again later.",
  },
  /** Per address: the same, so one client cannot mail many accounts' inboxes. */
  emailVerificationResendPerAddress: {
    points: 10,
    durationSeconds: 60 * 60,
    message: "Too many confirmation links were asked for. Please try again later.",
  },
  /**
   * Per builder email: mails a join sends to that address (a confirmation link, or a note that a profile already
   * exists). Past it the join is answered as usual and no mail goes out: the answer never tells.
   */
  builderJoinMailPerEmail: { points: 3, durationSeconds: 60 * 60 },
  loginFailuresPerEmailAndAddress: { points: 10, durationSeconds: 60 * 60 },
  loginFailuresPerAddress: { points: 100, durationSeconds: 24 * 60 * 60 },
  loginFailuresPerEmail: { points: 50, durationSeconds: 60 * 60 },
  /**
   * Per admin: wrong owner passwords typed to confirm a backup restore (a stolen admin session must not be a
   * way to guess the owner's password). Counted where the password is checked, so REST and tRPC count once.
   */
  /**
   * Per account and per address: second-factor codes typed (sign-in step, enrolment, turning codes off). A
   * right code gives its point back; a six-digit guess has three chances in a million, so ten tries in a
   * quarter hour leave an attacker nowhere.
   */
  secondFactorCodesPerAccount: {
    points: 10,
    durationSeconds: 15 * 60,
    message: "Too many wrong codes for this account. Please wait 15 minutes and try again.",
  },
  secondFactorCodesPerAddress: {
    points: 30,
    durationSeconds: 15 * 60,
    message: "Too many wrong codes from your address. Please wait 15 minutes and try again.",
  },
  /** Per address: passkey sign-in ceremonies started and answered. */
  passkeySignIn: { points: 30, durationSeconds: 60 },
  restorePasswordFailures: { points: 5, durationSeconds: 15 * 60 },
  /**
   * Per account: wrong current passwords typed on the account page (password or email change, deletion), so a
   * stolen session is no way to guess the password. Counted before the check; a right password gives its point back.
   */
  accountPasswordFailures: { points: 5, durationSeconds: 15 * 60 },
  /** Per account: confirmation links mailed to new addresses, so the page cannot be used to mail strangers. */
  emailChangeMail: {
    points: 3,
    durationSeconds: 60 * 60,
    message: "Too many email changes were asked for. Use a link already sent or try again later.",
  },
  waitlistJoin: { points: 10, durationSeconds: 60 },
  /** Per address: unsubscribe links (a bad guess costs one point like a good one). */
  waitlistUnsubscribe: { points: 20, durationSeconds: 60 },
  /** Per address: confirmation links (a bad guess costs one point like a good one). */
  waitlistConfirm: { points: 20, durationSeconds: 60 },
  /** Per address: "Manage your data" reads, downloads and erasures (a bad guess costs one point like a good one). */
  waitlistManage: { points: 20, durationSeconds: 60 },
  /** Per address: "Resend the link" on the success card (each one may send a mail). */
  waitlistResend: { points: 5, durationSeconds: 10 * 60, message: "Too many resends. Please wait a few minutes and try again." },
  builderSubmit: { points: 5, durationSeconds: 60 },
  analyticsTrack: { points: 240, durationSeconds: 60 },
  /** Per user: image uploads (each one is seconds of CPU). */
  imageUpload: { points: 30, durationSeconds: 60, message: "Too many uploads. Please wait a minute and try again." },
  /** Per admin: OG image renders (preview, download, update, upload), each one up to a few hundred ms of CPU. */
  ogRender: { points: 240, durationSeconds: 60, message: "Too many image renders. Please wait a minute and try again." },
  /** Per user: chapter PDFs (each one is tens of milliseconds of CPU). */
  playbookPdf: { points: 30, durationSeconds: 60, message: "Too many downloads. Please wait a minute and try again." },
  /** Per address: deliveries to the inbound mail webhooks (and guesses at their tokens). */
  inboundMail: { points: 60, durationSeconds: 60 },
  /** Per address: builder avatars, which the public join form may upload. */
  avatarUpload: { points: 10, durationSeconds: 60 * 60, message: "Too many avatar uploads. Please try again later." },
} as const satisfies Record<string, Budget>;

export type RateLimitBucket = keyof typeof RATE_LIMIT_BUDGETS;

export type RateLimitCount = { consumed: number; msBeforeReset: number };

export type RateLimits = {
  /** Counts one hit on each key; throws a rate_limited DomainError when any key is over budget. */
  consume(bucket: RateLimitBucket, ...keys: string[]): Promise<void>;
  /** Counts one hit on the key and says how many its window holds, refusing nothing: the caller decides. */
  count(bucket: RateLimitBucket, key: string): Promise<RateLimitCount>;
  /** Takes one hit back (a login that succeeded was not a failure). */
  refund(bucket: RateLimitBucket, key: string): Promise<void>;
  /** Forgets the key's hits. */
  reset(bucket: RateLimitBucket, key: string): Promise<void>;
};

const NOT_COUNTED: RateLimitCount = { consumed: 0, msBeforeReset: 0 };

/**
 * One client, one key: an IPv6 address counts for its /64 (one home or server network gets a whole /64,
 * so single addresses are free to rotate), as the global limiter counts; other keys are kept as they are.
 */
export const rateLimitKey = (key: string) => (isIP(key) ? normalizeIP(key) : key);

export const retryAfterSeconds = (msBeforeReset: number) => Math.max(1, Math.ceil(msBeforeReset / 1000));

/**
 * With Redis, each budget falls back to a counter in this process's memory while Redis is unreachable
 * (rate-limiter-flexible's insurance limiter): limits hold per instance instead of failing every request.
 */
export function createRateLimits(options: { enabled: boolean; redis?: Redis }): RateLimits {
  if (!options.enabled) {
    return { consume: async () => {}, count: async () => NOT_COUNTED, refund: async () => {}, reset: async () => {} };
  }
  const limiters = new Map<RateLimitBucket, RateLimiterAbstract>();
  for (const [bucket, budget] of Object.entries(RATE_LIMIT_BUDGETS) as [RateLimitBucket, Budget][]) {
    const opts = { keyPrefix: `rl:${bucket}`, points: budget.points, duration: budget.durationSeconds };
    const inMemory = new RateLimiterMemory(opts);
    limiters.set(
      bucket,
      options.redis ? new RateLimiterRedis({ ...opts, storeClient: options.redis, insuranceLimiter: inMemory }) : inMemory,
    );
  }
  const limiter = (bucket: RateLimitBucket) => limiters.get(bucket)!;
  return {
    async consume(bucket, ...keys) {
      try {
        await Promise.all(keys.map((key) => limiter(bucket).consume(rateLimitKey(key))));
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const budget: Budget = RATE_LIMIT_BUDGETS[bucket];
        throw rateLimited(budget.message, retryAfterSeconds(error.msBeforeNext));
      }
    },
    async count(bucket, key) {
      const res = await limiter(bucket).penalty(rateLimitKey(key));
      return { consumed: res.consumedPoints, msBeforeReset: res.msBeforeNext };
    },
    async refund(bucket, key) {
      await limiter(bucket).reward(rateLimitKey(key));
    },
    async reset(bucket, key) {
      await limiter(bucket).delete(rateLimitKey(key));
    },
  };
}
