import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Partner } from '@domain/company';
import type { CrossBorderCryptoWizard, CreateCompanyWizard, MigrateCompanyWizard } from '@domain/company-wizard';
import type { Db } from '../client';
import { companies, companyMembers, partners } from '../schema/companies';
import type { orders } from '../schema/orders';
import { users } from '../schema/users';

type OrderRow = typeof orders.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type PartnerRow = typeof partners.$inferSelect;

/** The company row a paid order becomes, per funnel: formation, migration or cross-border crypto account. */
function companyValues(order: OrderRow) {
  switch (order.flow) {
    case 'createCompany': {
      const { company } = order.wizard as unknown as CreateCompanyWizard;
      return {
        type: company.type,
        migrated: false,
        nameOption1: company.nameOption1,
        nameOption2: company.nameOption2,
        industry: company.industry,
        industryOther: company.industry === 'other' ? (company.industryOther ?? null) : null,
        state: company.state,
        originCountry: null,
        details: null,
      };
    }
    case 'migrateCompany': {
      const { company } = order.wizard as unknown as MigrateCompanyWizard;
      return {
        type: company.type,
        migrated: true,
        nameOption1: company.existingCompanyName,
        nameOption2: null,
        industry: company.industry,
        industryOther: company.industry === 'other' ? (company.industryOther ?? null) : null,
        state: company.originState ?? null,
        originCountry: company.originCountry ?? null,
        details: company.ein ? { documents: company.documents, ein: company.ein } : { documents: company.documents },
        constitutionDate: company.formationDate ?? null,
      };
    }
    case 'crossBorderCrypto': {
      const wizard = order.wizard as unknown as CrossBorderCryptoWizard;
      return {
        type: 'Cross Border Crypto' as const,
        migrated: false,
        nameOption1: wizard.business.legalName,
        nameOption2: null,
        industry: null,
        industryOther: null,
        state: null,
        originCountry: wizard.business.registrationCountry,
        details: { registrationCountry: wizard.business.registrationCountry, residenceCountry: wizard.residenceCountry },
      };
    }
  }
}

function partnersOf(order: OrderRow): Partner[] {
  if (order.flow === 'crossBorderCrypto') return [];
  return (order.wizard as unknown as CreateCompanyWizard | MigrateCompanyWizard).partners;
}

/**
 * Creates the company of a paid, claimed order: status Start, the order's number, plan,
 * billing and services, `ownerId` the claiming account, and its partners. Call it inside
 * the transaction that records the claim or the payment.
 */
export async function createCompanyFromOrder(db: Db, order: OrderRow, ownerId: string, now: Date): Promise<string> {
  const [company] = await db
    .insert(companies)
    .values({
      ...companyValues(order),
      ownerId,
      status: 'Start',
      plan: order.plan,
      billing: order.billing,
      services: order.services,
      orderNumber: order.orderNumber,
      requestedAt: now,
      updatedAt: now,
    })
    .returning({ id: companies.id });
  const list = partnersOf(order);
  if (list.length > 0) {
    await db.insert(partners).values(
      list.map((partner, position) => ({
        companyId: company!.id,
        position,
        firstName: partner.firstName,
        lastName: partner.lastName,
        ownership: partner.ownership,
        isDirector: partner.isDirector,
        addressLine1: partner.addressLine1,
        addressLine2: partner.addressLine2 ?? null,
        city: partner.city,
        stateOrProvince: partner.stateOrProvince,
        country: partner.country,
        postalCode: partner.postalCode,
        taxId: partner.taxId ?? null,
        createdAt: now,
      })),
    );
  }
  return company!.id;
}

/** The caller's relation to a company, computed in the query: owner, or teammate through company_members. */
const relationOf = (userId: string) => sql<'owner' | 'teammate'>`case when ${companies.ownerId} = ${userId} then 'owner' else 'teammate' end`;

/** Companies `userId` may see: owned, or associated as a teammate. */
export const visibleTo = (db: Db, userId: string) =>
  or(
    eq(companies.ownerId, userId),
    inArray(companies.id, db.select({ id: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId))),
  );

/** GET /companies: owned and associated companies, oldest request first. */
export async function listCompaniesOf(db: Db, userId: string) {
  return db
    .select({ company: companies, relation: relationOf(userId) })
    .from(companies)
    .where(visibleTo(db, userId))
    .orderBy(asc(companies.requestedAt), asc(companies.id));
}

/** Staff (admin routes only): a company whoever asks, with its owner; null when there is none. */
export async function findCompanyForStaff(db: Db, companyId: string) {
  const [row] = await db
    .select({ company: companies, owner: { id: users.id, email: users.email, firstName: users.firstName, language: users.language } })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerId))
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** One company with its partners, only if `userId` owns it or is its teammate; null otherwise (the caller answers 404). */
export async function findCompanyOf(db: Db, userId: string, companyId: string) {
  const [row] = await db
    .select({ company: companies, relation: relationOf(userId) })
    .from(companies)
    .where(and(eq(companies.id, companyId), visibleTo(db, userId)));
  if (!row) return null;
  const partnerRows = await db.select().from(partners).where(eq(partners.companyId, companyId)).orderBy(asc(partners.position));
  return { ...row, partners: partnerRows };
}
