import { randomUUID } from 'node:crypto';
import { liquidationNetworks, type BankAccountView, type BankingOverview, type LiquidationAddressView } from '@domain/banking';
import { railsOfRegion, type BankAccountInput, type LiquidationAddressInput } from '@domain/banking-forms';
import type { AppDeps, AppEnv } from '../context';
import {
  findBankingProfile,
  insertBankAccount,
  insertBankingProfile,
  listBankAccounts,
  listLiquidationAddresses,
  markBankAccountDeleted,
  recordLiquidationAddress,
  saveProvisioning,
  type BankingProfileRow,
} from '../db/queries/banking';
import { findUserById } from '../db/queries/users';
import { logError } from '../lib/log-error';
import { ProblemError } from '../lib/problem';
import { BankingProviderError, depositCurrencies, type BankingProvider, type VirtualAccounts } from '../providers/banking/banking-provider';
import { bankingAccessOf, mayGenerateQr, type requireBankingAccess, sanctionedResidence } from './access';
import { kybOf } from './kyb';
import { activeBankAccount, balancesOf, toBankAccountView } from './money';

/** Where each rail pays in, as the screen shows it: the provider's ids stay on the server. */
function depositInstructionsOf(accounts: VirtualAccounts | null): NonNullable<BankingOverview['profile']>['virtualAccounts'] {
  const { usd, eur, mxn } = accounts ?? {};
  const common = (account: { bankName: string; bankAddress: string; beneficiaryName: string }) => ({
    bankName: account.bankName,
    bankAddress: account.bankAddress,
    beneficiaryName: account.beneficiaryName,
  });
  return {
    usd: usd ? { ...common(usd), accountNumber: usd.accountNumber, routingNumber: usd.routingNumber, rails: usd.rails } : null,
    eur: eur ? { ...common(eur), iban: eur.iban, bic: eur.bic } : null,
    mxn: mxn ? { ...common(mxn), clabe: mxn.clabe } : null,
  };
}

/**
 * A company's accounts at the banking provider: the overview the screen reads, verification,
 * provisioning once approved, bank accounts to withdraw to and liquidation addresses. The
 * caller has already checked access (the routes do); these talk to the provider and the database.
 */
export function createBankingAccounts(deps: AppDeps, provider: BankingProvider) {
  const db = deps.database.db;

  async function overviewOf(user: AppEnv['Variables']['user'], companyId: string): Promise<BankingOverview> {
    const now = deps.now();
    const access = await bankingAccessOf(db, user, companyId, now);
    const canSetUp = await mayGenerateQr(db, access.company);
    const base: BankingOverview = {
      twoFactor: { enabled: access.enabled, canSetUp, access: access.access, stepUpSeconds: access.stepUpSeconds },
      relation: access.company.relation,
      impersonated: user.impersonatorId !== null,
      bankingUnavailable: sanctionedResidence(access.company),
      kybKind: access.company.company.type === 'Cross Border Crypto' ? 'crypto' : 'business',
      kyb: null,
      profile: null,
      balances: null,
      bankAccounts: null,
      liquidationAddresses: null,
    };
    // Without two-factor access in this session, nothing about the money is shown.
    if (!access.access) return base;
    let profile = await findBankingProfile(db, companyId);
    if (profile && profile.status === 'approved' && depositCurrencies.some((currency) => !profile!.virtualAccount?.[currency]))
      profile = await provision(profile);
    const accounts = await listBankAccounts(db, companyId);
    const addresses = await listLiquidationAddresses(db, companyId);
    const byId = new Map(accounts.map((account) => [account.id, account]));
    return {
      ...base,
      kyb: await kybOf(db, companyId),
      profile: profile
        ? {
            status: profile.status,
            kycUrl: profile.kycUrl,
            virtualAccounts: depositInstructionsOf(profile.virtualAccount),
            walletAddress: profile.walletAddress,
          }
        : null,
      balances: await balancesOf(db, companyId),
      bankAccounts: accounts.map(toBankAccountView),
      liquidationAddresses: addresses.map((row): LiquidationAddressView => ({
        id: row.id,
        date: row.createdAt.toISOString(),
        currency: row.currency,
        network: row.chain,
        bank: byId.get(row.bankAccountId)?.bankName ?? '',
        beneficiary: byId.get(row.bankAccountId)?.holderName ?? '',
        method: row.rail,
        address: row.address,
      })),
    };
  }

  /**
   * Once KYC is approved: the wallet and a virtual account per currency (USD, EUR, MXN), each
   * made with a key tied to the company so a retry makes no second. An account the provider
   * refuses (Bridge opens EUR and MXN only with the customer's SEPA or SPEI endorsement) is
   * asked for again on the next visit; the others are kept meanwhile.
   */
  async function provision(profile: BankingProfileRow) {
    try {
      const wallet = profile.walletId
        ? { id: profile.walletId, address: profile.walletAddress ?? '' }
        : await provider.createWallet(profile.customerId, { idempotencyKey: `wallet-${profile.companyId}`, chain: 'solana' });
      const accounts: VirtualAccounts = { ...profile.virtualAccount };
      for (const currency of depositCurrencies) {
        if (accounts[currency]) continue;
        try {
          // The USD key is the one Alta used before EUR and MXN existed: the same account comes back.
          const idempotencyKey = currency === 'usd' ? `virtual-account-${profile.companyId}` : `virtual-account-${currency}-${profile.companyId}`;
          const account = await provider.createVirtualAccount(profile.customerId, { idempotencyKey, walletId: wallet.id, currency });
          if (account.currency === currency) Object.assign(accounts, { [currency]: account });
        } catch (error) {
          logError('virtual account failed', { currency }, error);
        }
      }
      const updated = await saveProvisioning(
        db,
        profile.companyId,
        { walletId: wallet.id, walletAddress: wallet.address, virtualAccount: accounts },
        deps.now(),
      );
      return updated ?? profile;
    } catch (error) {
      // The screen still opens; the next visit tries again.
      logError('banking provisioning failed', {}, error);
      return profile;
    }
  }

  /** The company's customer at the provider and its hosted verification link (once: the key is the company's). */
  async function startVerification(userId: string, access: Awaited<ReturnType<typeof requireBankingAccess>>) {
    const companyId = access.company.company.id;
    if (sanctionedResidence(access.company)) throw new ProblemError(403, 'banking_unavailable_country', { _: ['validation.bankingUnavailableCountry'] });
    if (await findBankingProfile(db, companyId)) return;
    const me = (await findUserById(db, userId))!;
    try {
      const link = await provider.createKycLink({
        idempotencyKey: `kyc-${companyId}`,
        fullName: access.company.company.nameOption1,
        email: me.email,
        type: 'business',
        redirectUri: `${deps.env.APP_URL}/${me.language}/banking-crypto`,
      });
      await insertBankingProfile(db, {
        companyId,
        provider: provider.name,
        customerId: link.customerId,
        kycLinkId: link.id,
        kycUrl: link.url,
        status: link.status,
        createdAt: deps.now(),
        updatedAt: deps.now(),
      });
    } catch (error) {
      if (error instanceof BankingProviderError && /email/i.test(`${error.providerCode ?? ''} ${error.message}`) && error.status === 400) {
        throw new ProblemError(409, 'kyc_email_in_use');
      }
      logError('kyc link failed', {}, error);
      throw new ProblemError(502, 'kyc_failed');
    }
  }

  /** An approved company's profile at the provider, or 409 `banking_not_approved`. */
  async function approvedProfileOf(companyId: string) {
    const profile = await findBankingProfile(db, companyId);
    if (!profile || profile.status !== 'approved') throw new ProblemError(409, 'banking_not_approved');
    return profile;
  }

  /** A bank account to withdraw to, registered at the provider first. */
  async function addBankAccount(companyId: string, input: BankAccountInput): Promise<BankAccountView> {
    const profile = await approvedProfileOf(companyId);
    const ownerName = input.ownerType === 'person' ? `${input.firstName} ${input.lastName}` : input.businessName!;
    try {
      const external = await provider.createExternalAccount(profile.customerId, {
        idempotencyKey: randomUUID(),
        region: input.region,
        ownerType: input.ownerType,
        bankName: input.bankName,
        ownerName,
        firstName: input.firstName,
        lastName: input.lastName,
        businessName: input.businessName,
        accountNumber: input.accountNumber?.replace(/\s/g, ''),
        routingNumber: input.routingNumber,
        bic: input.bic,
        clabe: input.clabe,
        address: { street: input.street, city: input.city, state: input.state, postalCode: input.postalCode, country: input.country },
      });
      const row = await insertBankAccount(db, {
        companyId,
        providerAccountId: external.id,
        region: input.region,
        ownerType: input.ownerType,
        bankName: input.bankName,
        holderName: ownerName,
        last4: external.last4,
        routingNumber: input.routingNumber ?? null,
        bic: input.bic ?? null,
        createdAt: deps.now(),
      });
      return toBankAccountView(row);
    } catch (error) {
      if (error instanceof ProblemError) throw error;
      logError('bank account failed', {}, error);
      throw new ProblemError(502, 'bank_account_failed');
    }
  }

  /** Removed at the provider, then hidden here (kept for the withdrawals that name it). */
  async function deleteBankAccount(companyId: string, bankAccountId: string): Promise<void> {
    const account = await activeBankAccount(db, companyId, bankAccountId);
    if (!account) throw new ProblemError(404, 'not_found');
    const profile = await findBankingProfile(db, companyId);
    try {
      await provider.deleteExternalAccount(profile!.customerId, account.providerAccountId);
    } catch (error) {
      logError('bank account delete failed', {}, error);
      throw new ProblemError(502, 'bank_account_delete_failed');
    }
    await markBankAccountDeleted(db, account.id, deps.now());
  }

  /** Crypto in, fiat out to one of the company's bank accounts; `clientKey` is the caller's Idempotency-Key. */
  async function createLiquidationAddress(companyId: string, input: LiquidationAddressInput, clientKey: string): Promise<LiquidationAddressView> {
    const profile = await approvedProfileOf(companyId);
    const account = await activeBankAccount(db, companyId, input.bankAccountId);
    if (!account) throw new ProblemError(400, 'validation', { bankAccountId: ['validation.required'] });
    if (!railsOfRegion[account.region].includes(input.method)) throw new ProblemError(400, 'validation', { method: ['validation.invalid'] });
    const network = liquidationNetworks[input.currency];
    try {
      const created = await provider.createLiquidationAddress(profile.customerId, {
        // Scoped by company: the provider's keys are one namespace for all of Alta, and a client's key is its own.
        idempotencyKey: `liquidation-${companyId}-${clientKey}`,
        chain: network,
        currency: input.currency,
        externalAccountId: account.providerAccountId,
        rail: input.method,
        destinationCurrency: account.region === 'EU' ? 'eur' : account.region === 'MX' ? 'mxn' : 'usd',
      });
      const row = await recordLiquidationAddress(db, {
        companyId,
        providerId: created.id,
        currency: input.currency,
        chain: network,
        bankAccountId: account.id,
        rail: input.method,
        address: created.address,
        createdAt: deps.now(),
      });
      return {
        id: row.id,
        date: row.createdAt.toISOString(),
        currency: row.currency,
        network,
        bank: account.bankName,
        beneficiary: account.holderName,
        method: input.method,
        address: row.address,
      };
    } catch (error) {
      logError('liquidation address failed', {}, error);
      throw new ProblemError(502, 'liquidation_failed');
    }
  }

  return { overviewOf, startVerification, addBankAccount, deleteBankAccount, createLiquidationAddress };
}
