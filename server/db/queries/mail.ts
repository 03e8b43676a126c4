import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { ForwardingRequest, MailItem } from '@domain/mail';
import type { Db } from '../client';
import { uploads } from '../schema/bookkeeping';
import { companies } from '../schema/companies';
import { mailForwardingRequests, mailItems, mailReads } from '../schema/mail';
import { visibleTo } from './companies';

/**
 * Mailing (decision 029). Reads for a user always go through `visibleTo`: a company's mail is
 * seen by its owner and teammates only, and an item of another company is simply not found.
 */

const itemColumns = (userId: string | null) => ({
  item: mailItems,
  file: { key: uploads.key, name: uploads.fileName, size: uploads.size, contentType: uploads.contentType },
  forwarding: mailForwardingRequests,
  readAt: userId ? mailReads.readAt : sql<Date | null>`null`,
});

type ItemRow = {
  item: typeof mailItems.$inferSelect;
  file: MailItem['file'];
  forwarding: typeof mailForwardingRequests.$inferSelect | null;
  readAt: Date | null;
};

/** A row as the API shows it. */
export function toMailItem(row: ItemRow): MailItem {
  return {
    id: row.item.id,
    companyId: row.item.companyId,
    type: row.item.type,
    quantity: row.item.quantity,
    sender: row.item.sender,
    summary: row.item.summary,
    receivedAt: row.item.receivedAt.toISOString(),
    file: row.file,
    readAt: row.readAt ? new Date(row.readAt).toISOString() : null,
    forwarding: row.forwarding
      ? {
          address: row.forwarding.address,
          note: row.forwarding.note,
          requestedAt: row.forwarding.requestedAt.toISOString(),
          requestedBy: row.forwarding.requestedBy,
          forwardedAt: row.forwarding.forwardedAt?.toISOString() ?? null,
        }
      : null,
  };
}

function itemsQuery(db: Db, userId: string) {
  return db
    .select(itemColumns(userId))
    .from(mailItems)
    .innerJoin(companies, eq(companies.id, mailItems.companyId))
    .innerJoin(uploads, eq(uploads.key, mailItems.fileKey))
    .leftJoin(mailReads, and(eq(mailReads.mailId, mailItems.id), eq(mailReads.userId, userId)))
    .leftJoin(mailForwardingRequests, eq(mailForwardingRequests.mailId, mailItems.id));
}

/** The published mail of a company `userId` may see, newest first. */
export async function listMailOf(db: Db, userId: string, companyId: string): Promise<MailItem[]> {
  const rows = await itemsQuery(db, userId)
    .where(and(eq(mailItems.companyId, companyId), visibleTo(db, userId), isNotNull(mailItems.publishedAt)))
    .orderBy(desc(mailItems.receivedAt), desc(mailItems.createdAt));
  return rows.map(toMailItem);
}

/** One published item, only when `userId` may see its company. */
export async function findMailOf(db: Db, userId: string, mailId: string): Promise<MailItem | null> {
  const [row] = await itemsQuery(db, userId).where(and(eq(mailItems.id, mailId), visibleTo(db, userId), isNotNull(mailItems.publishedAt)));
  return row ? toMailItem(row) : null;
}

/** Marks an item read by `userId` (the first opening counts) or unread again. */
export async function setMailRead(db: Db, mailId: string, userId: string, read: boolean, at: Date): Promise<void> {
  if (read) await db.insert(mailReads).values({ mailId, userId, readAt: at }).onConflictDoNothing();
  else await db.delete(mailReads).where(and(eq(mailReads.mailId, mailId), eq(mailReads.userId, userId)));
}

/** Records the item's forwarding request; false when one already exists (one per piece). */
export async function requestForwarding(db: Db, mailId: string, userId: string, request: ForwardingRequest, at: Date): Promise<boolean> {
  const inserted = await db
    .insert(mailForwardingRequests)
    .values({ mailId, requestedBy: userId, address: request.address, note: request.note, requestedAt: at })
    .onConflictDoNothing()
    .returning({ mailId: mailForwardingRequests.mailId });
  return inserted.length === 1;
}

/** Staff sent the piece on: true only for the call that marked a waiting request (none, or done already: false). */
export async function markForwarded(db: Db, mailId: string, userId: string, at: Date): Promise<boolean> {
  const updated = await db
    .update(mailForwardingRequests)
    .set({ forwardedAt: at, forwardedBy: userId })
    .where(and(eq(mailForwardingRequests.mailId, mailId), isNull(mailForwardingRequests.forwardedAt)))
    .returning({ mailId: mailForwardingRequests.mailId });
  return updated.length === 1;
}

/** Staff: a new, unpublished item whose scan was just declared. */
export async function insertMailItem(db: Db, record: typeof mailItems.$inferInsert): Promise<void> {
  await db.insert(mailItems).values(record);
}

/** Staff: the item of a scan key (published or not) with its company. */
export async function findMailForStaff(db: Db, mailId: string) {
  const [row] = await db.select().from(mailItems).where(eq(mailItems.id, mailId));
  return row ?? null;
}

/** Publishes an item once its scan passed the checks; true only for the call that published it (the owner is mailed once). */
export async function publishMail(db: Db, mailId: string, at: Date): Promise<boolean> {
  const published = await db
    .update(mailItems)
    .set({ publishedAt: at })
    .where(and(eq(mailItems.id, mailId), isNull(mailItems.publishedAt)))
    .returning({ id: mailItems.id });
  return published.length === 1;
}

/** Staff: every item of a company (or the one item `{ mailId }`), published or not, with its forwarding request, newest first. */
export async function listMailForStaff(db: Db, of: { companyId: string } | { mailId: string }) {
  const rows = await db
    .select({ ...itemColumns(null), publishedAt: mailItems.publishedAt })
    .from(mailItems)
    .innerJoin(uploads, eq(uploads.key, mailItems.fileKey))
    .leftJoin(mailForwardingRequests, eq(mailForwardingRequests.mailId, mailItems.id))
    .where('companyId' in of ? eq(mailItems.companyId, of.companyId) : eq(mailItems.id, of.mailId))
    .orderBy(desc(mailItems.receivedAt), desc(mailItems.createdAt));
  return rows.map((row) => {
    const { readAt: _readAt, ...item } = toMailItem(row);
    return { ...item, publishedAt: row.publishedAt?.toISOString() ?? null };
  });
}
