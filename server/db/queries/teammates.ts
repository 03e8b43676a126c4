import { and, asc, eq, gt, inArray, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { companies, companyMembers } from '../schema/companies';
import { teammateInvitationCompanies, teammateInvitations } from '../schema/teammates';
import { users } from '../schema/users';

/**
 * Teammates (docs/decisions/030): who works on which company, and the invitations that lead
 * there. Every function is scoped by the caller in its own queries.
 */

export type InvitationRow = typeof teammateInvitations.$inferSelect;

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/** The caller's companies (owned or joined) with their owner, oldest request first. */
export async function companiesWithOwnerOf(db: Db, userId: string) {
  const joined = db.select({ id: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId));
  return db
    .select({ id: companies.id, name: companies.nameOption1, ownerId: companies.ownerId, ownerName: fullName, ownerEmail: users.email })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(sql`${companies.ownerId} = ${userId} or ${inArray(companies.id, joined)}`)
    .orderBy(asc(companies.requestedAt), asc(companies.id));
}

/** The accepted teammates of these companies. */
export async function membersOf(db: Db, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({ companyId: companyMembers.companyId, userId: users.id, email: users.email, name: fullName, addedAt: companyMembers.addedAt })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(inArray(companyMembers.companyId, companyIds))
    .orderBy(asc(companyMembers.addedAt), asc(users.email));
}

/** The invitations of these companies not accepted yet (live or expired). */
export async function openInvitationsOf(db: Db, companyIds: string[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      companyId: teammateInvitationCompanies.companyId,
      id: teammateInvitations.id,
      email: teammateInvitations.email,
      createdAt: teammateInvitations.createdAt,
      expiresAt: teammateInvitations.expiresAt,
    })
    .from(teammateInvitationCompanies)
    .innerJoin(teammateInvitations, eq(teammateInvitations.id, teammateInvitationCompanies.invitationId))
    .where(and(inArray(teammateInvitationCompanies.companyId, companyIds), isNull(teammateInvitations.acceptedAt)))
    .orderBy(asc(teammateInvitations.createdAt), asc(teammateInvitations.email));
}

/**
 * Locks the companies (`FOR UPDATE`) so two invitations of one email to one company cannot
 * both pass the duplicate check, and answers their owners.
 */
export async function lockCompanies(tx: Db, companyIds: string[]) {
  return tx.select({ id: companies.id, ownerId: companies.ownerId }).from(companies).where(inArray(companies.id, companyIds)).for('update');
}

/** The companies among `companyIds` where `email` is already a teammate or has a live invitation. */
export async function companiesWithTeammate(tx: Db, companyIds: string[], email: string, now: Date): Promise<string[]> {
  const [members, invited] = await Promise.all([
    tx
      .select({ companyId: companyMembers.companyId })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(inArray(companyMembers.companyId, companyIds), eq(users.email, email))),
    tx
      .select({ companyId: teammateInvitationCompanies.companyId })
      .from(teammateInvitationCompanies)
      .innerJoin(teammateInvitations, eq(teammateInvitations.id, teammateInvitationCompanies.invitationId))
      .where(
        and(
          inArray(teammateInvitationCompanies.companyId, companyIds),
          eq(teammateInvitations.email, email),
          isNull(teammateInvitations.acceptedAt),
          gt(teammateInvitations.expiresAt, now),
        ),
      ),
  ]);
  return [...new Set([...members, ...invited].map((row) => row.companyId))];
}

/** Stores a new invitation for these companies; expired ones of the same email to them go first. */
export async function insertInvitation(
  tx: Db,
  values: { email: string; invitedBy: string; tokenHash: string; companyIds: string[]; now: Date; expiresAt: Date },
): Promise<string> {
  await tx.delete(teammateInvitationCompanies).where(
    and(
      inArray(teammateInvitationCompanies.companyId, values.companyIds),
      inArray(
        teammateInvitationCompanies.invitationId,
        tx
          .select({ id: teammateInvitations.id })
          .from(teammateInvitations)
          .where(and(eq(teammateInvitations.email, values.email), isNull(teammateInvitations.acceptedAt), lte(teammateInvitations.expiresAt, values.now))),
      ),
    ),
  );
  await deleteEmptyInvitations(tx, eq(teammateInvitations.email, values.email));
  const [row] = await tx
    .insert(teammateInvitations)
    .values({ email: values.email, invitedBy: values.invitedBy, tokenHash: values.tokenHash, createdAt: values.now, expiresAt: values.expiresAt })
    .returning({ id: teammateInvitations.id });
  await tx.insert(teammateInvitationCompanies).values(values.companyIds.map((companyId) => ({ invitationId: row!.id, companyId })));
  return row!.id;
}

/** Those of the `among` invitations that no longer open any company (withdrawn from each, or their companies gone). */
async function deleteEmptyInvitations(tx: Db, among: SQL) {
  await tx.delete(teammateInvitations).where(
    and(
      among,
      isNull(teammateInvitations.acceptedAt),
      notExists(
        tx
          .select({ one: sql`1` })
          .from(teammateInvitationCompanies)
          .where(eq(teammateInvitationCompanies.invitationId, teammateInvitations.id)),
      ),
    ),
  );
}

/** The unaccepted, unexpired invitation `id`, locked until the transaction ends; null otherwise. */
export async function lockLiveInvitation(tx: Db, id: string, now: Date): Promise<InvitationRow | null> {
  const [row] = await tx
    .select()
    .from(teammateInvitations)
    .where(and(eq(teammateInvitations.id, id), isNull(teammateInvitations.acceptedAt), gt(teammateInvitations.expiresAt, now)))
    .for('update');
  return row ?? null;
}

/**
 * Spends the invitation for `userId`: it becomes a teammate of each company it still names
 * (except one it owns). Answers the companies joined.
 */
export async function acceptInvitation(tx: Db, invitationId: string, userId: string, now: Date): Promise<string[]> {
  const named = await tx
    .select({ companyId: companies.id })
    .from(teammateInvitationCompanies)
    .innerJoin(companies, eq(companies.id, teammateInvitationCompanies.companyId))
    .where(and(eq(teammateInvitationCompanies.invitationId, invitationId), sql`${companies.ownerId} <> ${userId}`));
  const companyIds = named.map((row) => row.companyId);
  if (companyIds.length > 0) {
    await tx
      .insert(companyMembers)
      .values(companyIds.map((companyId) => ({ companyId, userId, addedAt: now })))
      .onConflictDoNothing();
  }
  await tx.update(teammateInvitations).set({ acceptedAt: now }).where(eq(teammateInvitations.id, invitationId));
  return companyIds;
}

/** Removes user `userId` from the company's team; true when they were on it. */
export async function deleteMember(tx: Db, companyId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .returning({ userId: companyMembers.userId });
  return rows.length > 0;
}

/** Withdraws the open invitation `invitationId` from the company; true when it was open there. */
export async function withdrawInvitation(tx: Db, companyId: string, invitationId: string): Promise<boolean> {
  const open = tx
    .select({ id: teammateInvitations.id })
    .from(teammateInvitations)
    .where(and(eq(teammateInvitations.id, invitationId), isNull(teammateInvitations.acceptedAt)));
  const rows = await tx
    .delete(teammateInvitationCompanies)
    .where(and(eq(teammateInvitationCompanies.companyId, companyId), inArray(teammateInvitationCompanies.invitationId, open)))
    .returning({ id: teammateInvitationCompanies.invitationId });
  if (rows.length > 0) await deleteEmptyInvitations(tx, eq(teammateInvitations.id, invitationId));
  return rows.length > 0;
}
