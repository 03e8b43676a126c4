import { logError } from '../lib/log-error';
import { createRoute, OpenAPIHono } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { defaultLanguage } from '@domain/constants';
import { contactMessageSchema, contactReceiptSchema, type ContactMessage } from '@domain/contact';
import { clientIp } from '../auth/client-ip';
import type { AppDeps, AppEnv } from '../context';
import { lockedUntil, recordHit, type RateRule } from '../db/queries/rate-limits';
import { contactMessages } from '../db/schema/contact';
import teamTexts from '../i18n/contact-team.json';
import { ProblemError } from '../lib/problem';
import { rateLimited } from '../middleware/with-rate-limit';
import type { MailMessage } from '../providers/mail/mailer';
import { problem } from '../lib/problem-responses';

/**
 * Each accepted message costs a stored row and a mail to the team, so an address may send a
 * few an hour; past that it waits, longer each time (the shared database-backed counters).
 */
export const contactRateRule: RateRule = { max: 5, windowMs: 60 * 60_000, baseLockMs: 15 * 60_000, maxLockMs: 24 * 60 * 60_000 };

const postContact = createRoute({
  method: 'post',
  path: '/contact',
  summary: 'Send a message to the Alta team (public contact form)',
  tags: ['contact'],
  request: { body: { required: true, content: { 'application/json': { schema: contactMessageSchema } } } },
  responses: {
    201: { description: 'Stored and forwarded to the team', content: { 'application/json': { schema: contactReceiptSchema } } },
    400: problem('Invalid fields (`errors` holds i18n keys per field)'),
    429: problem('Too many messages from this address; Retry-After says when to try again'),
  },
});

/** The notification to the team, in the team's (default) language, quoting the sender's words as sent. */
function teamMail(to: string, contact: ContactMessage, id: string): MailMessage {
  const t = teamTexts[defaultLanguage];
  const lines = [
    t.intro,
    `${t.name}: ${contact.name}`,
    `${t.email}: ${contact.email}`,
    `${t.language}: ${contact.language}`,
    `${t.reference}: ${id}`,
    '',
    contact.message,
  ];
  return { to, subject: t.subject.replace('{{name}}', contact.name.replace(/[\r\n]+/g, ' ')), text: lines.join('\n'), language: defaultLanguage };
}

export function contactRouter(deps: AppDeps) {
  const db = deps.database.db;
  const router = new OpenAPIHono<AppEnv>();
  // A locked address is refused before its body is even validated: it costs nothing.
  router.use(
    '/contact',
    createMiddleware<AppEnv>(async (c, next) => {
      if (c.req.method !== 'POST') return next();
      const ip = clientIp(c, deps.env) ?? 'unknown';
      const now = deps.now();
      const until = await lockedUntil(db, [`contact:ip:${ip}`], now);
      if (until) throw rateLimited(until, now);
      await next();
    }),
  );
  return router.openapi(postContact, async (c) => {
    const contact = c.req.valid('json');
    const ip = clientIp(c, deps.env);
    // Counted once valid: the message that reaches the limit still goes through and locks the next ones.
    await recordHit(db, `contact:ip:${ip ?? 'unknown'}`, contactRateRule, deps.now());
    const [row] = await db
      .insert(contactMessages)
      .values({ ...contact, ip, createdAt: deps.now() })
      .returning({ id: contactMessages.id });
    if (!row) throw new ProblemError(500, 'internal');
    try {
      await deps.mailer.send(teamMail(deps.env.ADMIN_EMAIL, contact, row.id));
      await db.update(contactMessages).set({ mailedAt: deps.now() }).where(eq(contactMessages.id, row.id));
    } catch (error) {
      // The message is stored: the sender is done, and the unmailed row (mailedAt null) is the team's to-do.
      logError('contact mail failed', { id: row.id }, error);
    }
    return c.json({ id: row.id, status: 'received' as const }, 201);
  });
}
