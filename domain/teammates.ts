import { z } from 'zod';
import { languages } from './constants';
import { emailSchema } from './field-schemas';

/**
 * Teammates (SPEC §5, §6; docs/decisions/030-teammate-invitations.md): an owner invites people
 * by email to one or more of the companies they own; the invitee accepts with the mailed link.
 */

/** Days an invitation link stays valid. */
export const invitationDays = 7;

/** How many companies one invitation may name (more is a script, not an owner). */
export const maxInvitationCompanies = 50;

/** SPEC §5: "Teammate email valid; duplicates rejected"; at least one company. */
export const teammateInviteSchema = z.strictObject({
  email: emailSchema,
  companyIds: z
    .array(z.uuid({ error: 'validation.invalid' }))
    .min(1, { error: 'validation.required' })
    .max(maxInvitationCompanies, { error: 'validation.invalid' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.invalid' }),
  /** The mail's language for an address without an account (the inviter's page language); an account's own language wins. */
  language: z.enum(languages).optional(),
});

/**
 * A person on a company's team. `id` is the user id of an accepted teammate and the invitation
 * id of a pending (or expired) one: what `DELETE /companies/{id}/teammates/{teammateId}` takes.
 */
export const teammateSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string().nullable(),
  state: z.enum(['pending', 'expired', 'accepted']),
  /** When the invitation was sent (pending, expired) or accepted. */
  since: z.iso.datetime({ offset: true }),
});
export type Teammate = z.infer<typeof teammateSchema>;

/**
 * One of the caller's companies with its team. An owner sees every teammate and invitation and
 * may manage them; a teammate sees the owner and the accepted teammates, and manages nothing.
 */
export const companyTeamSchema = z.object({
  companyId: z.uuid(),
  companyName: z.string(),
  relation: z.enum(['owner', 'teammate']),
  owner: z.object({ name: z.string(), email: z.string() }),
  teammates: z.array(teammateSchema),
});
export type CompanyTeam = z.infer<typeof companyTeamSchema>;

export const teamsSchema = z.object({ items: z.array(companyTeamSchema) });
export type Teams = z.infer<typeof teamsSchema>;

/** The mailed link's value: `<invitation id>.<secret>`. */
export const invitationAcceptSchema = z.strictObject({ link: z.string().min(1).max(300) });

export const invitationAcceptedSchema = z.object({ companyIds: z.array(z.uuid()) });
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;
