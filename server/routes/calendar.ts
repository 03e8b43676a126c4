import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import ical from 'ical-generator';
import { deadlineSchema, type Deadline } from '@domain/company-deadlines';
import type { Language } from '@domain/constants';
import { deadlineTitle } from '../calendar/deadline-labels';
import type { AppDeps, AppEnv } from '../context';
import { calendarFeedOf, deadlinesOf, deleteCalendarFeed, hashFeedToken, rotateCalendarFeed, userOfFeedToken } from '../db/queries/calendar';
import { findCompanyOf, listCompaniesOf } from '../db/queries/companies';
import { dayOf } from '../db/queries/renewals';
import { findUserById } from '../db/queries/users';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { withRateLimit } from '../middleware/with-rate-limit';
import { withSession } from '../middleware/with-session';
import { fill, serverTexts } from '../providers/mail/render-mail';
import { formatDay } from '../tax-forms/labels';
import { json } from '../lib/openapi';

const deadlinesAnswerSchema = z.object({ deadlines: z.array(deadlineSchema) });
const feedStateSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
const feedCreatedSchema = z.object({ url: z.url() });
/** 32 random bytes, base64url: anything else is no token of ours and is refused before any lookup. */
const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'validation.invalid' });

const routes = {
  list: createRoute({
    method: 'get',
    path: '/deadlines',
    summary: 'Every deadline of the companies you own or are a teammate of (or of one: companyId), overdue first',
    tags: ['calendar'],
    request: { query: z.object({ companyId: z.uuid({ error: 'validation.invalid' }).optional() }) },
    responses: { 200: { description: 'The deadlines', content: json(deadlinesAnswerSchema) }, ...problemResponses(400, 401, 404) },
  }),
  feed: createRoute({
    method: 'get',
    path: '/calendar/feed',
    summary: 'Whether your private calendar subscription exists (its URL is shown only when made)',
    tags: ['calendar'],
    responses: { 200: { description: 'The subscription', content: json(feedStateSchema) }, ...problemResponses(401) },
  }),
  rotate: createRoute({
    method: 'post',
    path: '/calendar/feed',
    summary: 'A new private calendar subscription URL; the previous one stops working',
    tags: ['calendar'],
    responses: { 201: { description: 'The URL, shown this once', content: json(feedCreatedSchema) }, ...problemResponses(401, 403) },
  }),
  revoke: createRoute({
    method: 'delete',
    path: '/calendar/feed',
    summary: 'Turns the calendar subscription off: its URL stops working',
    tags: ['calendar'],
    responses: { 204: { description: 'Revoked' }, ...problemResponses(401, 403) },
  }),
  ics: createRoute({
    method: 'get',
    path: '/calendar/{token}',
    summary: 'Your deadlines as iCalendar (/calendar/<token>.ics), for calendar apps: the token in the URL is the only credential (no cookies)',
    tags: ['calendar'],
    request: { params: z.object({ token: z.string() }) },
    responses: { 200: { description: 'The calendar', content: { 'text/calendar': { schema: z.string() } } }, ...problemResponses(404, 429) },
  }),
};

/**
 * The calendar of every deadline of a user's companies (issue 33 §4): the list the company page
 * and the dashboard show, the private `.ics` subscription URL (a random token, kept hashed; a
 * new one revokes the old) and the feed itself, which calendar apps fetch without cookies.
 */
export function calendarRouter(deps: AppDeps) {
  const router = new OpenAPIHono<AppEnv>();
  const db = deps.database.db;
  const session = withSession(deps);
  router.use('/deadlines', session);
  router.use('/calendar/feed', session);
  // Counted per address and per token (hashed): a calendar app polls a few times an hour, a guesser far more.
  const feedLimit = withRateLimit(deps, 'calendarFeed', (c) => hashFeedToken(c.req.param('token') ?? ''));

  return router
    .openapi(routes.list, async (c) => {
      const { companyId } = c.req.valid('query');
      const userId = c.var.user.id;
      let rows;
      if (companyId === undefined) rows = (await listCompaniesOf(db, userId)).map((row) => row.company);
      else {
        const found = await findCompanyOf(db, userId, companyId);
        if (!found) throw new ProblemError(404, 'not_found');
        rows = [found.company];
      }
      c.header('Cache-Control', 'no-store');
      return c.json({ deadlines: await deadlinesOf(db, rows, dayOf(deps.now())) }, 200);
    })
    .openapi(routes.feed, async (c) => {
      const feed = await calendarFeedOf(db, c.var.user.id);
      c.header('Cache-Control', 'no-store');
      return c.json({ active: feed !== null, createdAt: feed?.createdAt.toISOString() ?? null }, 200);
    })
    .openapi(routes.rotate, async (c) => {
      const token = await rotateCalendarFeed(db, c.var.user.id, deps.now());
      c.header('Cache-Control', 'no-store');
      return c.json({ url: feedUrl(deps.env.APP_URL, token) }, 201);
    })
    .openapi(routes.revoke, async (c) => {
      await deleteCalendarFeed(db, c.var.user.id);
      return c.body(null, 204);
    })
    .openapi({ ...routes.ics, middleware: [feedLimit] as const }, async (c) => {
      const token = c.req.valid('param').token.replace(/\.ics$/, '');
      const userId = tokenSchema.safeParse(token).success ? await userOfFeedToken(db, token) : null;
      const user = userId === null ? undefined : await findUserById(db, userId);
      if (!user) throw new ProblemError(404, 'not_found');
      const companies = (await listCompaniesOf(db, user.id)).map((row) => row.company);
      const deadlines = await deadlinesOf(db, companies, dayOf(deps.now()));
      c.header('Cache-Control', 'private, no-store');
      c.header('Content-Type', 'text/calendar; charset=utf-8');
      return c.body(calendarOf(deadlines, user.language, deps.env.APP_URL, deps.now()), 200);
    });
}

/** The subscription URL of a token: the API's `.ics` path on the app's origin. */
export const feedUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/api/v1/calendar/${token}.ics`;

/** The deadlines as an iCalendar: one all-day event each, its UID the deadline's stable key, so apps update rather than duplicate. */
export function calendarOf(deadlines: readonly Deadline[], language: Language, appUrl: string, now: Date): string {
  const texts = serverTexts(language).calendar;
  const calendar = ical({ name: texts.name, prodId: { company: 'Alta', product: 'deadlines', language: language.toUpperCase() }, ttl: 60 * 60 * 6 });
  for (const deadline of deadlines) {
    const url = `${appUrl.replace(/\/$/, '')}/dashboard/company/${deadline.companyId}`;
    calendar.createEvent({
      id: `${deadline.key}@alta`,
      start: deadline.date,
      allDay: true,
      stamp: now,
      summary: `${deadline.companyName}: ${deadlineTitle(deadline, language)}`,
      description: fill(texts.description, { deadline: formatDay(deadline.date, language), company: deadline.companyName, url }),
      url,
    });
  }
  return calendar.toString();
}
