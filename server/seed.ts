import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { MailType } from '@domain/mail';
import { passwordSchema } from '@domain/account';
import { hashPassword, verifyPassword } from './auth/passwords';
import type { AppDeps } from './context';
import { countUsers, findUserByEmail, insertUser } from './db/queries/users';
import { demoBooks } from '@domain/demo-books';
import { nthDueDate } from '@domain/renewal';
import { manualAccounts, transactions, uploads } from './db/schema/bookkeeping';
import { mailItems } from './db/schema/mail';
import type { StorageProvider } from './providers/storage/storage';
import { companies, companyRenewals } from './db/schema/companies';
import { users } from './db/schema/users';
import { EnvError } from './env';
import { emailSchema } from '@domain/field-schemas';

export const demoOwner = { email: 'demo@alta.local', password: 'Demo#2026', firstName: 'Demo', lastName: 'Owner' } as const;

/**
 * The admin is the account whose email is ADMIN_EMAIL: created at start, or brought back to
 * ADMIN_PASSWORD, active, with no pending password change. Several instances may start at
 * once: the insert tolerates a sibling's row and the update converges.
 */
export async function ensureAdmin(deps: AppDeps) {
  const email = emailSchema.safeParse(deps.env.ADMIN_EMAIL);
  if (!email.success) throw new EnvError('ADMIN_EMAIL is not a valid email address');
  if (!passwordSchema.safeParse(deps.env.ADMIN_PASSWORD).success) {
    throw new EnvError('ADMIN_PASSWORD must have 8+ characters with upper and lower case, a digit and one of !@#*?$');
  }
  const db = deps.database.db;
  const now = deps.now();
  const existing = await findUserByEmail(db, email.data);
  if (!existing) {
    const created = await insertUser(db, {
      email: email.data,
      firstName: 'Alta',
      lastName: 'Admin',
      passwordHash: await hashPassword(deps.env.ADMIN_PASSWORD),
      language: 'es',
      now,
    });
    if (created) return;
  }
  const admin = existing ?? (await findUserByEmail(db, email.data))!;
  const passwordCurrent = admin.passwordHash !== null && (await verifyPassword(admin.passwordHash, deps.env.ADMIN_PASSWORD));
  if (passwordCurrent && admin.status === 'active' && !admin.mustChangePassword) return;
  await db
    .update(users)
    .set({
      passwordHash: passwordCurrent ? admin.passwordHash : await hashPassword(deps.env.ADMIN_PASSWORD),
      blockedAt: null,
      paymentExpiredAt: null,
      mustChangePassword: false,
      updatedAt: now,
    })
    .where(eq(users.id, admin.id));
}

/** The demo company's formation date: 550 days before the seed, always in an earlier tax year. */
const demoFormationDate = (now: Date) => new Date(now.getTime() - 550 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Demo data for a first local run: an owner whose dashboard already shows a company on its
 * way, with a year of books (domain/demo-books.ts) so the bookkeeping workspace has work in it.
 */
export async function seedDemoData(deps: AppDeps, storage?: StorageProvider) {
  const db = deps.database.db;
  const now = deps.now();
  const owner = await insertUser(db, {
    email: demoOwner.email,
    firstName: demoOwner.firstName,
    lastName: demoOwner.lastName,
    passwordHash: await hashPassword(demoOwner.password),
    language: 'es',
    now,
  });
  if (!owner) return;
  const [company] = await db
    .insert(companies)
    .values({
      ownerId: owner.id,
      type: 'LLC',
      nameOption1: 'Demo Ventures LLC',
      nameOption2: 'Demo Holdings LLC',
      industry: 'software',
      state: 'WY',
      status: 'ObtainingEin',
      plan: 'standard',
      // Formed about a year and a half back, so the demo shows what an owner who is late with the
      // IRS meets: last year's return unsent and overdue in the pending declarations and their
      // reminder (issue 33). Its first renewal was made outside Alta (below), the next is months away.
      constitutionDate: demoFormationDate(now),
      requestedAt: now,
      updatedAt: now,
    })
    .returning({ id: companies.id });
  await db
    .insert(companyRenewals)
    .values({ companyId: company!.id, dueDate: nthDueDate({ type: 'LLC', state: 'WY' }, demoFormationDate(now), 1), kind: 'external', renewedAt: now });
  const books = demoBooks(company!.id, now.toISOString().slice(0, 10));
  await db.insert(manualAccounts).values(books.accounts);
  await db.insert(transactions).values(books.transactions);
  if (storage) await seedDemoMail(deps, storage, company!.id, owner.id);
}

/** The demo company's sample correspondence (decision 029): three scanned letters, as staff would add them. */
const demoMail: { type: MailType; sender: string; summary: string; daysAgo: number; lines: string[] }[] = [
  {
    type: 'Letter',
    sender: 'Internal Revenue Service',
    summary: 'Notice CP575: EIN assigned to Demo Ventures LLC',
    daysAgo: 2,
    lines: [
      'Department of the Treasury — Internal Revenue Service',
      'Notice CP575',
      'We assigned you an Employer Identification Number (EIN).',
      'Keep this notice in your permanent records.',
    ],
  },
  {
    type: 'LegalNotice',
    sender: 'Wyoming Secretary of State',
    summary: 'Annual report and license tax reminder',
    daysAgo: 9,
    lines: [
      'Wyoming Secretary of State — Business Division',
      'Annual report reminder',
      'Your annual report and license tax are due on the first day of the anniversary month.',
    ],
  },
  {
    type: 'Letter',
    sender: 'First Federal Bank',
    summary: 'Welcome letter with account opening documents',
    daysAgo: 20,
    lines: ['First Federal Bank', 'Welcome to First Federal Bank', 'Enclosed are the documents for your business account application.'],
  },
];

async function letterPdf(lines: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 792]);
  lines.forEach((line, index) => page.drawText(line, { x: 72, y: 700 - index * 24, size: index === 0 ? 14 : 11, font }));
  return pdf.save();
}

async function seedDemoMail(deps: AppDeps, storage: StorageProvider, companyId: string, ownerId: string) {
  const db = deps.database.db;
  const now = deps.now();
  const staff = await findUserByEmail(db, deps.env.ADMIN_EMAIL);
  for (const mail of demoMail) {
    const bytes = await letterPdf(mail.lines);
    const key = `mail/${companyId}/${randomUUID()}.pdf`;
    await storage.put(key, bytes, 'application/pdf');
    const receivedAt = new Date(now.getTime() - mail.daysAgo * 86_400_000);
    const fileName = `${mail.sender.toLowerCase().replaceAll(' ', '-')}.pdf`;
    await db.insert(uploads).values({
      key,
      companyId,
      uploadType: 'correspondenceDocument',
      fileName,
      size: bytes.length,
      contentType: 'application/pdf',
      uploadedBy: staff?.id ?? ownerId,
      verifiedAt: now,
      addedByStaff: true,
    });
    await db.insert(mailItems).values({
      companyId,
      type: mail.type,
      sender: mail.sender,
      summary: mail.summary,
      fileKey: key,
      receivedAt,
      addedBy: staff?.id ?? null,
      publishedAt: now,
    });
  }
}

/**
 * At start: the admin always; the demo owner only outside production and only into an empty
 * users table (a database someone already uses never gets demo accounts). Prints how to sign in.
 */
export async function prepareAccounts(deps: AppDeps, log: (line: string) => void = console.log, storage?: StorageProvider) {
  const production = deps.env.NODE_ENV === 'production';
  const empty = (await countUsers(deps.database.db)) === 0;
  await ensureAdmin(deps);
  if (production) return;
  if (empty) await seedDemoData(deps, storage);
  const demo = await findUserByEmail(deps.database.db, demoOwner.email);
  log(`Sign in at ${deps.env.APP_URL}/es/login`);
  log(`  admin:      ${deps.env.ADMIN_EMAIL} / ${deps.env.ADMIN_PASSWORD}`);
  if (demo) log(`  demo owner: ${demoOwner.email} / ${demoOwner.password}`);
}
