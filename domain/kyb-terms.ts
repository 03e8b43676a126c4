/**
 * The KYB form's choices (SPEC §3 KYB and Owner, §9 limits), without the schemas of `kyb.ts`,
 * which re-exports them: the banking screen paints its form with these and loads the rules
 * when it checks a step (decision 078).
 */

export const kybEntityTypes = ['cCorp', 'llc', 'other'] as const;
export const kybSourcesOfFunds = ['workingCapital', 'investment', 'revenue'] as const;
export const kybDocumentTypes = ['passport', 'nationalId', 'driverLicense'] as const;
export const kybOwnerRoles = ['ultimateBeneficialOwner', 'partner', 'director', 'legalRepresentative', 'administrator', 'founder'] as const;
export type KybOwnerRole = (typeof kybOwnerRoles)[number];
/** SPEC §5: roles that count as a control person, and as a beneficial owner (one person may be both). */
export const kybControlRoles: readonly KybOwnerRole[] = ['director', 'administrator', 'founder', 'partner', 'legalRepresentative', 'ultimateBeneficialOwner'];
export const kybBeneficialRoles: readonly KybOwnerRole[] = ['ultimateBeneficialOwner', 'partner', 'director', 'founder'];
export const kybProofOfAddressTypes = ['utilityBill', 'bankStatement', 'leaseAgreement', 'taxDocument', 'governmentCorrespondence'] as const;

/** SPEC §9 transaction limit options (daily / monthly / total, in US dollars). */
export const kybTransactionLimits = [
  { daily: 50_000, monthly: 100_000, total: 250_000 },
  { daily: 100_000, monthly: 250_000, total: 1_000_000 },
  { daily: 200_000, monthly: 400_000, total: 2_500_000 },
  { daily: 500_000, monthly: 1_000_000, total: 5_000_000 },
  { daily: 1_000_000, monthly: 3_000_000, total: 10_000_000 },
] as const;

/** The company documents of step 2; bank statements 2 and 3 are optional (SPEC §5). */
export const kybCompanyDocuments = [
  'incorporationDocument',
  'shareholdingCertificate',
  'proofOfAddress',
  'taxIdDocument',
  'bankStatement1',
  'bankStatement2',
  'bankStatement3',
] as const;
export type KybCompanyDocument = (typeof kybCompanyDocuments)[number];
export const kybOptionalDocuments: readonly KybCompanyDocument[] = ['bankStatement2', 'bankStatement3'];
