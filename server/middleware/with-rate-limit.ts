import type { Context, MiddlewareHandler } from 'hono';
import { clientIp } from '../auth/client-ip';
import type { AppDeps, AppEnv } from '../context';
import { clearKey, refundHit, takeHit, type RateRule } from '../db/queries/rate-limits';
import { ProblemError } from '../lib/problem';
import { emailSchema } from '@domain/field-schemas';

const minute = 60_000;
const progressive = { windowMs: 15 * minute, baseLockMs: 30_000, maxLockMs: 15 * minute } as const;

/**
 * Per-IP and per-account limits with progressive delay (docs/architecture.md "Security").
 * `failure` policies count only failed attempts (a wrong password, a wrong code) and a
 * success clears the account's count; `attempt` policies count every request, because each
 * one costs something (a mail sent, an account created). The account is the email of the
 * body, counted whether or not such an account exists, so a lock reveals nothing, unless the
 * route names another subject (`subjectOf`, e.g. the order whose coupon codes are tried).
 */
export const rateLimitPolicies = {
  // A locked account still lets its owner in: the right password plus a code mailed to it (server/auth/accounts.ts).
  login: { count: 'failure', ip: { max: 30, ...progressive }, account: { max: 5, ...progressive }, unlockByMail: true },
  register: { count: 'attempt', ip: { max: 10, ...progressive }, account: { max: 5, ...progressive } },
  resetRequest: { count: 'attempt', ip: { max: 10, ...progressive }, account: { max: 5, ...progressive } },
  resetConfirm: { count: 'failure', ip: { max: 30, ...progressive }, account: { max: 5, ...progressive } },
  // Wrong 2FA reset codes (POST /banking/two-factor/reset/confirm), per signed-in account: each mailed
  // code allows five attempts of its own, this bounds the guesses across codes.
  twoFactorResetConfirm: { count: 'failure', ip: { max: 30, ...progressive }, account: { max: 10, ...progressive } },
  // E-mail verification links sent again on request: each is a mail.
  verificationMail: { count: 'attempt', ip: { max: 10, ...progressive }, account: { max: 5, ...progressive } },
  // Guest orders (POST /orders): each stores a wizard; an IP placing dozens is a script, not a founder.
  orderCreate: { count: 'attempt', ip: { max: 20, ...progressive }, account: { max: 10, ...progressive } },
  // Wrong coupon codes (POST /orders/:id/coupon), per address and per order: guessing codes is slow.
  coupon: { count: 'failure', ip: { max: 20, ...progressive }, account: { max: 10, ...progressive } },
  // Teammate invitations (POST /teammates), per inviting account: each is a mail to someone else.
  teammateInvite: { count: 'attempt', ip: { max: 20, ...progressive }, account: { max: 10, ...progressive } },
  // Dead invitation links (POST /teammates/accept), per signed-in account.
  invitationAccept: { count: 'failure', ip: { max: 30, ...progressive }, account: { max: 10, ...progressive } },
  // Calendar subscriptions (GET /calendar/{token}.ics), per address and per token (hashed): apps poll
  // a few times an hour; an address trying tokens, or a leaked URL hammered, is slowed down.
  calendarFeed: { count: 'attempt', ip: { max: 60, ...progressive }, account: { max: 30, ...progressive } },
} as const satisfies Record<string, { count: 'failure' | 'attempt'; ip: RateRule; account: RateRule; unlockByMail?: true }>;

export type RateLimitAction = keyof typeof rateLimitPolicies;

/**
 * Per-user sync pushes, as a token bucket (`spendFromBucket`) of pieces of 100 rows (an
 * ordinary mutation is one row, an imported line one; see `planPush` in `server/sync/push.ts`):
 * 500 at once, 10 more each second — a 50,000-line import in a burst, then 1,000 lines a second.
 * A device editing by hand never meets it; a script cannot keep a database busy. Refused pushes
 * answer 429 with Retry-After, which the sync engine waits out.
 */
export const pushRateLimit = { capacity: 500, perSecond: 10 } as const;

/** What a rate-limited handler reports back: a failed attempt, or a success that clears the account's count. */
export interface RateLimitGuard {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
  /** Policies with `unlockByMail`: until when the account (not the address) is locked; the handler decides. */
  accountLockedUntil: Date | null;
}

export type RateLimitedEnv = { Variables: AppEnv['Variables'] & { rateLimit: RateLimitGuard } };

/**
 * Refuses a locked caller with 429 `rate_limited` (Retry-After header and `retryAfter`)
 * before the handler spends anything, counts attempts, and hands the handler `c.var.rateLimit`.
 * Counters live in the database so every instance sees the same ones.
 *
 * Every request's event is counted before the handler runs (`takeHit`), so requests side by
 * side meet the limit as requests one after another do: a burst of guesses sent at once used
 * to be judged in full before the first failure was saved. A `failure` policy then takes the
 * event back unless the handler reports a failure: a success, or any other outcome, costs
 * nothing.
 */
export function withRateLimit(deps: AppDeps, action: RateLimitAction, subjectOf?: (c: Context) => string | undefined): MiddlewareHandler<RateLimitedEnv> {
  const policy = rateLimitPolicies[action];
  const db = deps.database.db;
  return async (c, next) => {
    const ipKey = `${action}:ip:${clientIp(c, deps.env) ?? 'unknown'}`;
    const account = subjectOf ? (subjectOf(c) ?? null) : await accountOf(c.req.raw.headers.get('content-type'), () => c.req.json());
    const accountKey = account ? `${action}:account:${account}` : null;

    const now = deps.now();
    const scale = deps.env.RATE_LIMIT_MULTIPLIER;
    const ipHit = await takeHit(db, ipKey, { ...policy.ip, max: policy.ip.max * scale }, now);
    if ('lockedUntil' in ipHit) throw rateLimited(ipHit.lockedUntil, now);
    const accountHit = accountKey ? await takeHit(db, accountKey, { ...policy.account, max: policy.account.max * scale }, now) : null;
    let accountLockedUntil: Date | null = null;
    if (accountHit && 'lockedUntil' in accountHit) {
      // An attacker's failures must not lock the owner out: with `unlockByMail` the handler decides.
      if (!('unlockByMail' in policy)) {
        await refundHit(db, ipHit.taken);
        throw rateLimited(accountHit.lockedUntil, now);
      }
      accountLockedUntil = accountHit.lockedUntil;
    }
    const taken = accountHit && 'taken' in accountHit ? [ipHit.taken, accountHit.taken] : [ipHit.taken];

    let reported = false;
    c.set('rateLimit', {
      accountLockedUntil,
      failed: async () => {
        reported = true;
      },
      succeeded: async () => {
        if (reported || policy.count !== 'failure') return;
        reported = true;
        await refundHit(db, ipHit.taken);
        if (accountKey) await clearKey(db, accountKey);
      },
    });
    try {
      await next();
    } finally {
      if (!reported && policy.count === 'failure') for (const hit of taken) await refundHit(db, hit);
    }
  };
}

export function rateLimited(until: Date, now: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new ProblemError(429, 'rate_limited', undefined, { 'Retry-After': String(seconds) });
}

/** The normalised email of a JSON body, read before validation (which reuses Hono's cached body). */
async function accountOf(contentType: string | null, readJson: () => Promise<unknown>): Promise<string | null> {
  if (!contentType?.toLowerCase().startsWith('application/json')) return null;
  try {
    const body = await readJson();
    if (typeof body !== 'object' || body === null || !('email' in body)) return null;
    const email = emailSchema.safeParse(body.email);
    return email.success ? email.data : null;
  } catch {
    return null;
  }
}
