import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  invitationAcceptedSchema,
  invitationAcceptSchema,
  invitationDays,
  teammateInviteSchema,
  teamsSchema,
  type CompanyTeam,
  type Teammate,
} from '@domain/teammates';
import { sendMailInBackground } from '../auth/mails';
import { generateOpaqueToken, hashOpaqueToken, sameHash } from '../auth/tokens';
import type { AppDeps, SessionUser } from '../context';
import { findUserByEmail, findUserById } from '../db/queries/users';
import {
  acceptInvitation,
  companiesWithOwnerOf,
  companiesWithTeammate,
  deleteMember,
  insertInvitation,
  lockCompanies,
  lockLiveInvitation,
  membersOf,
  openInvitationsOf,
  withdrawInvitation,
} from '../db/queries/teammates';
import { ProblemError } from '../lib/problem';
import { problemResponses } from '../lib/problem-responses';
import { withRateLimit, type RateLimitedEnv } from '../middleware/with-rate-limit';
import { withSession } from '../middleware/with-session';
import { renderMail } from '../providers/mail/render-mail';
import { notifyScopes } from '../sync/poke';
import { json } from '../lib/openapi';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rate limits count per signed-in account: the session middleware runs first. */
const callerOf = (c: Context) => (c.var as { user?: SessionUser }).user?.id;

/**
 * Teammates (SPEC §5, §6; docs/decisions/030): owners invite people by email to the companies
 * they own and remove them; the invitee accepts with the mailed link and then sees the company
 * (their sync scope grows, and shrinks again on removal). Teammates see the team, manage nothing.
 */
export function teammatesRouter(deps: AppDeps) {
  const session = withSession(deps);
  const db = deps.database.db;

  const listRoute = createRoute({
    method: 'get',
    path: '/teammates',
    summary: 'The teams of my companies: owned ones with every teammate and invitation, joined ones with the owner and accepted teammates',
    tags: ['teammates'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    responses: { 200: { description: 'The teams', content: json(teamsSchema) }, ...problemResponses(401, 403) },
  });

  const inviteRoute = createRoute({
    method: 'post',
    path: '/teammates',
    summary: 'Invite an email to one or more companies I own; the invitee gets a mail with a single-use link',
    description: `Only the owner of every named company may invite (403 \`owner_only\`; 404 for a company the caller does not see). An email already on a team, or invited and not expired, is 409 \`teammate_exists\` ('User already added as a teammate'); the owner's own email 409 \`teammate_is_owner\`. The link expires after ${invitationDays} days.`,
    tags: ['teammates'],
    security: [{ cookieAuth: [] }],
    middleware: [session, withRateLimit(deps, 'teammateInvite', callerOf)] as const,
    request: { body: { content: json(teammateInviteSchema), required: true } },
    responses: { 201: { description: 'Invited', content: json(teamsSchema) }, ...problemResponses(400, 401, 403, 404, 409, 429) },
  });

  const acceptRoute = createRoute({
    method: 'post',
    path: '/teammates/accept',
    summary: 'Accept an invitation with the mailed link: the signed-in account joins its companies',
    description:
      'The link must be live (not used, withdrawn or expired: 400 `invalid_invitation_link`) and the account’s email the invited one (403 `invitation_other_account`, the link stays usable). Single use.',
    tags: ['teammates'],
    security: [{ cookieAuth: [] }],
    middleware: [session, withRateLimit(deps, 'invitationAccept', callerOf)] as const,
    request: { body: { content: json(invitationAcceptSchema), required: true } },
    responses: { 200: { description: 'Joined', content: json(invitationAcceptedSchema) }, ...problemResponses(400, 401, 403, 429) },
  });

  const removeRoute = createRoute({
    method: 'delete',
    path: '/companies/{id}/teammates/{teammateId}',
    summary: 'Remove a teammate (user id) or withdraw an invitation (invitation id) from a company I own',
    description:
      'Owner only (403 `owner_only`); 404 when the company or the teammate is not there. The removed teammate’s devices drop the company at their next pull.',
    tags: ['teammates'],
    security: [{ cookieAuth: [] }],
    middleware: [session] as const,
    request: { params: z.object({ id: z.uuid({ error: 'validation.invalid' }), teammateId: z.uuid({ error: 'validation.invalid' }) }) },
    responses: { 204: { description: 'Removed' }, ...problemResponses(401, 403, 404) },
  });

  /** The teams the caller sees: everything of owned companies, the accepted team of joined ones. */
  async function teamsOf(userId: string): Promise<CompanyTeam[]> {
    const found = await companiesWithOwnerOf(db, userId);
    const owned = found.filter((company) => company.ownerId === userId).map((company) => company.id);
    const [members, invitations] = await Promise.all([
      membersOf(
        db,
        found.map((company) => company.id),
      ),
      openInvitationsOf(db, owned),
    ]);
    const now = deps.now();
    return found.map((company) => {
      const accepted: Teammate[] = members
        .filter((member) => member.companyId === company.id)
        .map((member) => ({ id: member.userId, email: member.email, name: member.name || null, state: 'accepted', since: member.addedAt.toISOString() }));
      const open: Teammate[] = invitations
        .filter((invitation) => invitation.companyId === company.id)
        .map((invitation) => ({
          id: invitation.id,
          email: invitation.email,
          name: null,
          state: invitation.expiresAt > now ? 'pending' : 'expired',
          since: invitation.createdAt.toISOString(),
        }));
      return {
        companyId: company.id,
        companyName: company.name,
        relation: company.ownerId === userId ? 'owner' : 'teammate',
        owner: { name: company.ownerName, email: company.ownerEmail },
        teammates: [...accepted, ...open],
      };
    });
  }

  return new OpenAPIHono<RateLimitedEnv>()
    .openapi(listRoute, async (c) => c.json({ items: await teamsOf(c.var.user.id) }, 200))
    .openapi(inviteRoute, async (c) => {
      const caller = c.var.user;
      const { email, companyIds, language } = c.req.valid('json');
      const secret = generateOpaqueToken();
      const now = deps.now();
      const invitationId = await db.transaction(async (tx) => {
        const locked = await lockCompanies(tx, companyIds);
        const visible = new Set((await companiesWithOwnerOf(tx, caller.id)).map((company) => company.id));
        if (locked.length !== companyIds.length || companyIds.some((id) => !visible.has(id))) throw new ProblemError(404, 'not_found');
        if (locked.some((company) => company.ownerId !== caller.id)) throw new ProblemError(403, 'owner_only');
        if (email === caller.email) throw new ProblemError(409, 'teammate_is_owner');
        if ((await companiesWithTeammate(tx, companyIds, email, now)).length > 0) throw new ProblemError(409, 'teammate_exists');
        return insertInvitation(tx, {
          email,
          invitedBy: caller.id,
          tokenHash: hashOpaqueToken(secret),
          companyIds,
          now,
          expiresAt: new Date(now.getTime() + invitationDays * 24 * 60 * 60 * 1000),
        });
      });
      const [inviter, invitee, teams] = await Promise.all([findUserById(db, caller.id), findUserByEmail(db, email), teamsOf(caller.id)]);
      const names = teams.filter((team) => companyIds.includes(team.companyId)).map((team) => team.companyName);
      const inviterName = inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : caller.email;
      sendMailInBackground(
        deps,
        'teammateInvitation',
        renderMail('teammateInvitation', {
          to: email,
          language: invitee?.language ?? language ?? inviter?.language ?? 'es',
          appUrl: deps.env.APP_URL,
          values: { firstName: invitee?.firstName ?? '', inviter: inviterName, companies: names, link: `${invitationId}.${secret}`, days: invitationDays },
        }),
      );
      return c.json({ items: teams }, 201);
    })
    .openapi(acceptRoute, async (c) => {
      const caller = c.var.user;
      const [id = '', secret = ''] = c.req.valid('json').link.split('.');
      const now = deps.now();
      try {
        const companyIds = await db.transaction(async (tx) => {
          const invitation = uuidPattern.test(id) ? await lockLiveInvitation(tx, id, now) : null;
          if (!invitation || !sameHash(invitation.tokenHash, hashOpaqueToken(secret))) throw new ProblemError(400, 'invalid_invitation_link');
          if (invitation.email !== caller.email) throw new ProblemError(403, 'invitation_other_account');
          const joined = await acceptInvitation(tx, invitation.id, caller.id, now);
          // The account's other devices pull at once: their scope grew (a full resync).
          await notifyScopes(tx, new Set([caller.id]), null);
          return joined;
        });
        await c.var.rateLimit.succeeded();
        return c.json({ companyIds }, 200);
      } catch (error) {
        if (error instanceof ProblemError && error.code === 'invalid_invitation_link') await c.var.rateLimit.failed();
        throw error;
      }
    })
    .openapi(removeRoute, async (c) => {
      const caller = c.var.user;
      const { id: companyId, teammateId } = c.req.valid('param');
      await db.transaction(async (tx) => {
        const visible = (await companiesWithOwnerOf(tx, caller.id)).find((company) => company.id === companyId);
        if (!visible) throw new ProblemError(404, 'not_found');
        if (visible.ownerId !== caller.id) throw new ProblemError(403, 'owner_only');
        if (await deleteMember(tx, companyId, teammateId)) {
          // The removed teammate's devices pull now and drop the company (their scope shrank).
          await notifyScopes(tx, new Set([teammateId]), null);
          return;
        }
        if (!(await withdrawInvitation(tx, companyId, teammateId))) throw new ProblemError(404, 'not_found');
      });
      return c.body(null, 204);
    });
}
