import { formationTypes, industries, migrationDocumentKinds, type Industry } from '@domain/company-terms';
import { callingCodeOf, phoneCountries } from '@domain/calling-codes';
import type { OrderFlow } from '@domain/order-flows';
import type { JsonValue } from '@domain/draft';
import { billingCycles, planIds, type BillingCycle, type PlanId } from '@domain/plan-prices';

/**
 * The values the three guest wizards hold while the visitor fills them: form values (text as
 * typed, ownership as the text of its input) that go into the draft on every change, and
 * come back from it on a reload, after a crash or offline. A draft is JSON anyone can edit
 * in storage, so restoring reads each field by hand and falls back to a blank one.
 */

export type FormationType = (typeof formationTypes)[number];

export interface OwnerValues {
  firstName: string;
  lastName: string;
  email: string;
  /** ISO alpha-2 of the phone's country code picker. */
  phoneCountry: string;
  /** The number as typed: national digits, or international with `+`. */
  phone: string;
}

export interface PartnerValues {
  firstName: string;
  lastName: string;
  /** The ownership input's text ('33,5' or '33.5'); a number only for validation and the order. */
  ownership: string;
  isDirector: boolean;
  addressLine1: string;
  addressLine2: string;
  city: string;
  stateOrProvince: string;
  country: string;
  postalCode: string;
  /** SSN or ITIN as masked (XXX-XX-XXXX), '' when not given. */
  taxId: string;
}

/** Priority (48 h) and VIP (24 h) are exclusive: one choice, 'none' for the plan's own pace. */
export const processingSpeeds = ['none', 'priorityProcessing', 'vipProcessing'] as const;
export type ProcessingSpeed = (typeof processingSpeeds)[number];

export interface ServicesValues {
  speed: ProcessingSpeed;
  /** The other additional services chosen (US companies only). */
  extras: string[];
}

export interface PlanValues {
  plan: PlanId | '';
  billing: BillingCycle;
}

export interface CreateCompanyValues {
  owner: OwnerValues;
  company: {
    nameOption1: string;
    nameOption2: string;
    type: FormationType | '';
    industry: Industry | '';
    industryOther: string;
    state: string;
  };
  services: ServicesValues;
  partners: PartnerValues[];
  plan: PlanValues;
}

export const originKinds = ['us', 'abroad'] as const;
export type OriginKind = (typeof originKinds)[number];
export type MigrationDocumentKind = (typeof migrationDocumentKinds)[number];

export interface MigrateCompanyValues {
  owner: OwnerValues;
  company: {
    existingCompanyName: string;
    /** YYYY-MM-DD, or '' when not given (optional). */
    formationDate: string;
    type: FormationType | '';
    industry: Industry | '';
    industryOther: string;
    /** Whether the company exists in a US state or abroad today; decides which of the two fields counts. */
    originKind: OriginKind | '';
    originState: string;
    originCountry: string;
    ein: string;
    documents: MigrationDocumentKind[];
  };
  services: ServicesValues;
  partners: PartnerValues[];
  plan: PlanValues;
}

export interface CrossBorderCryptoValues {
  owner: OwnerValues;
  business: { legalName: string; registrationCountry: string };
  residenceCountry: string;
  services: Pick<ServicesValues, 'speed'>;
  plan: PlanValues;
}

export interface WizardValuesOf {
  createCompany: CreateCompanyValues;
  migrateCompany: MigrateCompanyValues;
  crossBorderCrypto: CrossBorderCryptoValues;
}

export const emptyOwner = (phoneCountry = ''): OwnerValues => ({ firstName: '', lastName: '', email: '', phoneCountry, phone: '' });

/** The signed-in owner's profile as far as "your info" asks it. */
export interface OwnerProfile {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 (+5491155551234), or null. */
  phone: string | null;
}

/**
 * "Your info" of a signed-in owner, filled from the profile. The phone's country is the one
 * whose calling code starts the number (the guessed country first, so +1 stays US or CA as
 * the visitor's browser says), and the field shows the national part.
 */
export function ownerFromProfile(profile: OwnerProfile, phoneCountry: string): OwnerValues {
  const owner = { ...emptyOwner(phoneCountry), firstName: profile.firstName, lastName: profile.lastName, email: profile.email };
  const phone = profile.phone ?? '';
  const matches = (country: string) => {
    const code = callingCodeOf(country);
    return code !== undefined && phone.startsWith(`+${code}`);
  };
  const country = matches(phoneCountry)
    ? phoneCountry
    : [...phoneCountries].filter(matches).sort((a, b) => callingCodeOf(b)!.length - callingCodeOf(a)!.length)[0];
  if (!country) return owner;
  return { ...owner, phoneCountry: country, phone: phone.slice(callingCodeOf(country)!.length + 1) };
}

/** Whether "your info" is still untouched (nothing typed yet). */
export const ownerIsBlank = (owner: OwnerValues) => !owner.firstName && !owner.lastName && !owner.email && !owner.phone;

export const emptyPartner = (): PartnerValues => ({
  firstName: '',
  lastName: '',
  ownership: '',
  isDirector: false,
  addressLine1: '',
  addressLine2: '',
  city: '',
  stateOrProvince: '',
  country: '',
  postalCode: '',
  taxId: '',
});

const emptyPlan = (): PlanValues => ({ plan: '', billing: 'monthly' });

export function emptyValues<F extends OrderFlow>(flow: F, phoneCountry = ''): WizardValuesOf[F] {
  const owner = emptyOwner(phoneCountry);
  const values: WizardValuesOf = {
    createCompany: {
      owner,
      company: { nameOption1: '', nameOption2: '', type: '', industry: '', industryOther: '', state: '' },
      services: { speed: 'none', extras: [] },
      partners: [emptyPartner()],
      plan: emptyPlan(),
    },
    migrateCompany: {
      owner,
      company: {
        existingCompanyName: '',
        formationDate: '',
        type: '',
        industry: '',
        industryOther: '',
        originKind: '',
        originState: '',
        originCountry: '',
        ein: '',
        documents: [],
      },
      services: { speed: 'none', extras: [] },
      partners: [emptyPartner()],
      plan: emptyPlan(),
    },
    crossBorderCrypto: {
      owner,
      business: { legalName: '', registrationCountry: '' },
      residenceCountry: '',
      services: { speed: 'none' },
      plan: emptyPlan(),
    },
  };
  return values[flow];
}

// Restoring: every reader takes unknown JSON and returns a value of the right type.

type Json = Record<string, unknown>;

const record = (value: unknown): Json => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {});
const field = (from: Json, key: string): unknown => (Object.hasOwn(from, key) ? from[key] : undefined);
/** Text fields are capped well above any rule, so a tampered draft cannot blow up the page. */
const text = (from: Json, key: string, max = 500): string => {
  const value = field(from, key);
  return typeof value === 'string' ? value.slice(0, max) : '';
};
const oneOf = <T extends string>(from: Json, key: string, allowed: readonly T[], fallback: T | ''): T | '' => {
  const value = field(from, key);
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
};
const listOf = <T extends string>(from: Json, key: string, allowed?: readonly T[]): T[] => {
  const value = field(from, key);
  if (!Array.isArray(value)) return [];
  const strings = value.filter((item): item is string => typeof item === 'string' && item.length <= 60);
  return [...new Set(allowed ? strings.filter((item) => (allowed as readonly string[]).includes(item)) : strings)].slice(0, 20) as T[];
};

function restoreOwner(raw: unknown, phoneCountry: string): OwnerValues {
  const from = record(raw);
  return {
    firstName: text(from, 'firstName'),
    lastName: text(from, 'lastName'),
    email: text(from, 'email'),
    phoneCountry: text(from, 'phoneCountry', 2) || phoneCountry,
    phone: text(from, 'phone', 40),
  };
}

function restorePartners(raw: unknown): PartnerValues[] {
  const partners = (Array.isArray(raw) ? raw : []).slice(0, 100).map((item): PartnerValues => {
    const from = record(item);
    return {
      firstName: text(from, 'firstName'),
      lastName: text(from, 'lastName'),
      ownership: text(from, 'ownership', 20),
      isDirector: field(from, 'isDirector') === true,
      addressLine1: text(from, 'addressLine1'),
      addressLine2: text(from, 'addressLine2'),
      city: text(from, 'city'),
      stateOrProvince: text(from, 'stateOrProvince'),
      country: text(from, 'country', 2),
      postalCode: text(from, 'postalCode'),
      taxId: text(from, 'taxId', 11),
    };
  });
  return partners.length > 0 ? partners : [emptyPartner()];
}

function restoreSpeed(raw: unknown): ProcessingSpeed {
  return oneOf(record(raw), 'speed', processingSpeeds, 'none') || 'none';
}

function restorePlan(raw: unknown): PlanValues {
  const from = record(raw);
  return { plan: oneOf(from, 'plan', planIds, ''), billing: oneOf(from, 'billing', billingCycles, 'monthly') || 'monthly' };
}

/** The wizard values saved in a draft, with blanks for anything missing or malformed. */
export function restoreValues<F extends OrderFlow>(flow: F, raw: unknown, phoneCountry = ''): WizardValuesOf[F] {
  const from = record(raw);
  const owner = restoreOwner(field(from, 'owner'), phoneCountry);
  const company = record(field(from, 'company'));
  const services = record(field(from, 'services'));
  const restored: { [K in OrderFlow]: () => WizardValuesOf[K] } = {
    createCompany: () => ({
      owner,
      company: {
        nameOption1: text(company, 'nameOption1'),
        nameOption2: text(company, 'nameOption2'),
        type: oneOf(company, 'type', formationTypes, ''),
        industry: oneOf(company, 'industry', industries, ''),
        industryOther: text(company, 'industryOther'),
        state: text(company, 'state', 2),
      },
      services: { speed: restoreSpeed(services), extras: listOf(services, 'extras') },
      partners: restorePartners(field(from, 'partners')),
      plan: restorePlan(field(from, 'plan')),
    }),
    migrateCompany: () => ({
      owner,
      company: {
        existingCompanyName: text(company, 'existingCompanyName'),
        formationDate: text(company, 'formationDate', 10),
        type: oneOf(company, 'type', formationTypes, ''),
        industry: oneOf(company, 'industry', industries, ''),
        industryOther: text(company, 'industryOther'),
        originKind: oneOf(company, 'originKind', originKinds, ''),
        originState: text(company, 'originState', 2),
        originCountry: text(company, 'originCountry', 2),
        ein: text(company, 'ein', 10),
        documents: listOf(company, 'documents', migrationDocumentKinds),
      },
      services: { speed: restoreSpeed(services), extras: listOf(services, 'extras') },
      partners: restorePartners(field(from, 'partners')),
      plan: restorePlan(field(from, 'plan')),
    }),
    crossBorderCrypto: () => {
      const business = record(field(from, 'business'));
      return {
        owner,
        business: { legalName: text(business, 'legalName'), registrationCountry: text(business, 'registrationCountry', 2) },
        residenceCountry: typeof field(from, 'residenceCountry') === 'string' ? (field(from, 'residenceCountry') as string).slice(0, 2) : '',
        services: { speed: restoreSpeed(services) },
        plan: restorePlan(field(from, 'plan')),
      };
    },
  };
  return restored[flow]();
}

/** The order this wizard placed last: the checkout link to go back to while its content is unchanged. */
export interface PlacedOrder {
  orderId: string;
  orderNumber: string;
  /** SHA-256 of the order body the wizard sent: the same content reuses the order. */
  fingerprint: string;
  expiresAt: string;
}

/**
 * A wizard draft's `data` (SPEC §3 wizard state: the step lives in the draft's `step`): the
 * values, the order placed from them and the new-company flag. The checkout token is never
 * here — drafts are uploaded, and the token must stay in this browser.
 */
export interface WizardDraftData<F extends OrderFlow> {
  values: WizardValuesOf[F];
  order: PlacedOrder | null;
  newCompany: boolean;
}

export function restorePlacedOrder(raw: unknown): PlacedOrder | null {
  const from = record(raw);
  const orderId = text(from, 'orderId', 36);
  const orderNumber = text(from, 'orderNumber', 40);
  const fingerprint = text(from, 'fingerprint', 64);
  const expiresAt = text(from, 'expiresAt', 40);
  return orderId && orderNumber && fingerprint && expiresAt ? { orderId, orderNumber, fingerprint, expiresAt } : null;
}

export function restoreDraftData<F extends OrderFlow>(flow: F, raw: unknown, phoneCountry = ''): WizardDraftData<F> {
  const from = record(raw);
  return {
    values: restoreValues(flow, field(from, 'values'), phoneCountry),
    order: restorePlacedOrder(field(from, 'order')),
    newCompany: field(from, 'newCompany') === true,
  };
}

/** The draft data as plain JSON for the draft store. */
export const toDraftData = <F extends OrderFlow>(data: WizardDraftData<F>): Record<string, JsonValue> =>
  JSON.parse(JSON.stringify(data)) as Record<string, JsonValue>;
