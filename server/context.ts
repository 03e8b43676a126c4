import type { JWTVerifyGetKey } from 'jose';
import type { Database } from './db/client';
import type { ProfileRow } from './db/queries/users';
import type { Env } from './env';
import type { BankLinkingProvider } from './providers/bank-linking/bank-linking-provider';
import type { Mailer } from './providers/mail/mailer';

/** Everything a route needs, built once at start (or per test) and passed down explicitly. */
export interface AppDeps {
  env: Env;
  database: Database;
  mailer: Mailer;
  /** The clock; tests move it to expire codes and tokens. */
  now: () => Date;
  /** Keys that sign Google ID tokens; Google's JWKS when absent, a local key set in tests. */
  googleKeys?: JWTVerifyGetKey;
  /** The bank-linking provider; chosen from the environment when absent, a Plaid adapter on a fake Plaid server in tests. */
  bankLinking?: BankLinkingProvider;
}

/** The signed-in caller, set by the session middleware on protected routes. */
export interface SessionUser {
  id: string;
  email: string;
  role: 'user' | 'admin';
  /** The admin acting as this user ("log in as user"), recorded in the audit log. */
  impersonatorId: string | null;
  /** The refresh-token family of the session; revoking it ends the access token at once. */
  familyId: string;
}

/** The signed-in account as the session middleware read it, with its companies (`withSession(deps, { withAccount: true })`). */
export interface SessionAccount {
  user: ProfileRow;
  companyIds: string[];
  impersonator: { id: string; email: string } | null;
}

export type AppEnv = {
  Variables: {
    user: SessionUser;
    /** Set only by `withSession(deps, { withAccount: true })`: GET /users/me answers from it without another query. */
    account: SessionAccount;
    /**
     * An admin acting as a user, seen from the access token by the refusals of
     * `refuse-while-impersonating.ts` before (or without) any session middleware: the refused
     * request is audit-logged with both identities all the same.
     */
    impersonation: { userId: string; adminId: string };
    /** Set for every request (server/middleware/with-response-headers.ts); logged with its errors. */
    requestId: string;
  };
};
