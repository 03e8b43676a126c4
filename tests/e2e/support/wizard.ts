import type { Page } from '@playwright/test';
import { expect, uniqueEmail, type Lang } from './alta';

/**
 * Page model of the guest wizards (start-now chooser, create company, migrate company,
 * cross-border crypto). The checkout tests start from here: `fillCreateCompanyWizard` walks
 * every step and stops on the plan step, `submitWizardOrder` places the order and waits for
 * `/{lang}/checkout/{orderId}`. Elements are found by role and label, in each language.
 */

export const wizardWords = {
  en: {
    continue: 'Continue',
    back: 'Back',
    pay: 'Continue to payment',
    steps: {
      owner: 'Your information',
      names: 'Company name',
      type: 'Company type',
      industry: 'Industry',
      state: 'State',
      services: 'Additional services',
      partners: 'Partners',
      plan: 'Plan',
      business: 'Your business',
      residence: 'Country of residence',
      migrationCompany: 'Your company',
      origin: 'Where it is registered',
      documents: 'Documents',
    },
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phoneCountry: 'Phone country code',
    phoneNumber: 'Phone number',
    nameOption1: 'Company name (option 1)',
    nameOption2: 'Company name (option 2)',
    industry: 'Industry',
    industryOther: 'Describe your industry',
    state: 'State of formation',
    partner: (n: number) => `Partner ${n}`,
    ownership: 'Ownership (%)',
    director: 'This partner is a director',
    addressLine1: 'Address line 1',
    addressLine2: 'Address line 2 (optional)',
    city: 'City',
    stateOrProvince: 'State or province',
    country: 'Country of residence',
    postalCode: 'Postal code',
    taxId: 'SSN or ITIN (optional)',
    addPartner: 'Add partner',
    removePartner: (n: number) => `Remove partner ${n}`,
    plans: { standard: 'Standard', professional: 'Professional', enterprise: 'Enterprise' },
    monthly: 'Monthly',
    annual: 'Annual',
    speed: { none: 'Standard processing', priorityProcessing: 'Priority processing (48 h)', vipProcessing: 'VIP processing (24 h)' },
    legalName: 'Legal name of the business',
    registrationCountry: 'Country of registration',
    residenceCountry: 'Country of residence',
    existingCompanyName: 'Current company name',
    formationDate: 'Formation date (optional)',
    originUs: 'In a US state',
    originAbroad: 'In another country',
    originState: 'State where it is registered',
    originCountry: 'Country where it is registered',
    ein: 'EIN (if the company has one)',
    missingTitle: 'Some fields are missing',
    refusedTitle: "We can't continue with this country",
  },
  es: {
    continue: 'Continuar',
    back: 'Atrás',
    pay: 'Continuar al pago',
    steps: {
      owner: 'Tus datos',
      names: 'Nombre de la empresa',
      type: 'Tipo de empresa',
      industry: 'Industria',
      state: 'Estado',
      services: 'Servicios adicionales',
      partners: 'Socios',
      plan: 'Plan',
      business: 'Tu negocio',
      residence: 'País de residencia',
      migrationCompany: 'Tu empresa',
      origin: 'Dónde está registrada',
      documents: 'Documentos',
    },
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo electrónico',
    phoneCountry: 'Código de país del teléfono',
    phoneNumber: 'Número de teléfono',
    nameOption1: 'Nombre de la empresa (opción 1)',
    nameOption2: 'Nombre de la empresa (opción 2)',
    industry: 'Industria',
    industryOther: 'Describe tu industria',
    state: 'Estado de constitución',
    partner: (n: number) => `Socio ${n}`,
    ownership: 'Participación (%)',
    director: 'Este socio es director',
    addressLine1: 'Dirección (línea 1)',
    addressLine2: 'Dirección (línea 2, opcional)',
    city: 'Ciudad',
    stateOrProvince: 'Estado o provincia',
    country: 'País de residencia',
    postalCode: 'Código postal',
    taxId: 'SSN o ITIN (opcional)',
    addPartner: 'Agregar socio',
    removePartner: (n: number) => `Quitar socio ${n}`,
    plans: { standard: 'Estándar', professional: 'Profesional', enterprise: 'Enterprise' },
    monthly: 'Mensual',
    annual: 'Anual',
    speed: { none: 'Procesamiento estándar', priorityProcessing: 'Procesamiento prioritario (48 h)', vipProcessing: 'Procesamiento VIP (24 h)' },
    legalName: 'Nombre legal del negocio',
    registrationCountry: 'País de registro',
    residenceCountry: 'País de residencia',
    existingCompanyName: 'Nombre actual de la empresa',
    formationDate: 'Fecha de constitución (opcional)',
    originUs: 'En un estado de EE. UU.',
    originAbroad: 'En otro país',
    originState: 'Estado donde está registrada',
    originCountry: 'País donde está registrada',
    ein: 'EIN (si la empresa tiene uno)',
    missingTitle: 'Faltan algunos datos',
    refusedTitle: 'No podemos continuar con este país',
  },
  pt: {
    continue: 'Continuar',
    back: 'Voltar',
    pay: 'Continuar para o pagamento',
    steps: {
      owner: 'Seus dados',
      names: 'Nome da empresa',
      type: 'Tipo de empresa',
      industry: 'Setor',
      state: 'Estado',
      services: 'Serviços adicionais',
      partners: 'Sócios',
      plan: 'Plano',
      business: 'Seu negócio',
      residence: 'País de residência',
      migrationCompany: 'Sua empresa',
      origin: 'Onde está registrada',
      documents: 'Documentos',
    },
    firstName: 'Nome',
    lastName: 'Sobrenome',
    email: 'E-mail',
    phoneCountry: 'Código do país do telefone',
    phoneNumber: 'Número de telefone',
    nameOption1: 'Nome da empresa (opção 1)',
    nameOption2: 'Nome da empresa (opção 2)',
    industry: 'Setor',
    industryOther: 'Descreva seu setor',
    state: 'Estado de constituição',
    partner: (n: number) => `Sócio ${n}`,
    ownership: 'Participação (%)',
    director: 'Este sócio é diretor',
    addressLine1: 'Endereço (linha 1)',
    addressLine2: 'Endereço (linha 2, opcional)',
    city: 'Cidade',
    stateOrProvince: 'Estado ou província',
    country: 'País de residência',
    postalCode: 'Código postal',
    taxId: 'SSN ou ITIN (opcional)',
    addPartner: 'Adicionar sócio',
    removePartner: (n: number) => `Remover sócio ${n}`,
    plans: { standard: 'Padrão', professional: 'Profissional', enterprise: 'Enterprise' },
    monthly: 'Mensal',
    annual: 'Anual',
    speed: { none: 'Processamento padrão', priorityProcessing: 'Processamento prioritário (48 h)', vipProcessing: 'Processamento VIP (24 h)' },
    legalName: 'Nome legal do negócio',
    registrationCountry: 'País de registro',
    residenceCountry: 'País de residência',
    existingCompanyName: 'Nome atual da empresa',
    formationDate: 'Data de constituição (opcional)',
    originUs: 'Em um estado dos EUA',
    originAbroad: 'Em outro país',
    originState: 'Estado onde está registrada',
    originCountry: 'País onde está registrada',
    ein: 'EIN (se a empresa tiver um)',
    missingTitle: 'Faltam alguns dados',
    refusedTitle: 'Não podemos continuar com este país',
  },
} as const;

export type WizardStepName = keyof (typeof wizardWords)['en']['steps'];
export type PlanChoice = 'standard' | 'professional' | 'enterprise';

export interface OwnerInput {
  firstName: string;
  lastName: string;
  email: string;
  phoneCountry: string;
  phone: string;
}

export interface PartnerInput {
  firstName: string;
  lastName: string;
  ownership: string;
  isDirector?: boolean;
  addressLine1: string;
  addressLine2?: string;
  city: string;
  stateOrProvince: string;
  country: string;
  postalCode: string;
  taxId?: string;
}

export interface CreateCompanyInput {
  owner: OwnerInput;
  nameOption1: string;
  nameOption2: string;
  type: 'LLC' | 'C-Corp';
  industry: string;
  industryOther?: string;
  state: string;
  speed: 'none' | 'priorityProcessing' | 'vipProcessing';
  partners: PartnerInput[];
  /** null: stop on the plan step without choosing one. */
  plan: PlanChoice | null;
  billing: 'monthly' | 'annual';
}

/** A complete, valid create-company order; every call gets a fresh email unless one is given. */
export function sampleCreateCompany(overrides: Partial<CreateCompanyInput> = {}): CreateCompanyInput {
  return {
    owner: { firstName: 'Lucía', lastName: 'Gómez', email: uniqueEmail('wizard'), phoneCountry: 'US', phone: '2025550148' },
    nameOption1: 'Andes Digital',
    nameOption2: 'Andes Digital Labs',
    type: 'LLC',
    industry: 'software',
    state: 'WY',
    speed: 'none',
    partners: [samplePartner()],
    plan: 'standard',
    billing: 'monthly',
    ...overrides,
  };
}

export function samplePartner(overrides: Partial<PartnerInput> = {}): PartnerInput {
  return {
    firstName: 'Lucía',
    lastName: 'Gómez',
    ownership: '100',
    isDirector: true,
    addressLine1: 'Av. Corrientes 1234',
    city: 'Buenos Aires',
    stateOrProvince: 'CABA',
    country: 'AR',
    postalCode: 'C1043',
    ...overrides,
  };
}

export const wizardPath = {
  createCompany: 'create-company',
  migrateCompany: 'migrate-company',
  crossBorderCrypto: 'create-cross-border-crypto',
} as const;

export class WizardPage {
  readonly words: (typeof wizardWords)[Lang];

  constructor(
    readonly page: Page,
    readonly lang: Lang = 'en',
  ) {
    this.words = wizardWords[lang];
  }

  async goto(wizard: keyof typeof wizardPath) {
    await this.page.goto(`/${this.lang}/${wizardPath[wizard]}`);
    await expect(this.page.getByRole('main').getByRole('heading', { level: 2 })).toBeVisible();
  }

  /** The heading of the step on screen (each step is an `h2` that takes the focus). */
  stepHeading(step: WizardStepName) {
    return this.page.getByRole('main').getByRole('heading', { level: 2, name: this.words.steps[step], exact: true });
  }

  async expectStep(step: WizardStepName) {
    await expect(this.stepHeading(step)).toBeVisible();
  }

  field(label: string) {
    return this.page.getByLabel(label, { exact: true });
  }

  async next(expected?: WizardStepName) {
    await this.page.getByRole('button', { name: this.words.continue, exact: true }).click();
    if (expected) await this.expectStep(expected);
  }

  async back(expected?: WizardStepName) {
    await this.page.getByRole('button', { name: this.words.back, exact: true }).click();
    if (expected) await this.expectStep(expected);
  }

  async fillOwner(owner: OwnerInput) {
    await this.expectStep('owner');
    await this.field(this.words.firstName).fill(owner.firstName);
    await this.field(this.words.lastName).fill(owner.lastName);
    await this.field(this.words.email).fill(owner.email);
    await this.field(this.words.phoneCountry).selectOption(owner.phoneCountry);
    await this.field(this.words.phoneNumber).fill(owner.phone);
  }

  partner(n: number) {
    return this.page.getByRole('group', { name: this.words.partner(n), exact: true });
  }

  async fillPartner(n: number, partner: PartnerInput) {
    const group = this.partner(n);
    const w = this.words;
    await group.getByLabel(w.firstName, { exact: true }).fill(partner.firstName);
    await group.getByLabel(w.lastName, { exact: true }).fill(partner.lastName);
    await group.getByLabel(w.ownership, { exact: true }).fill(partner.ownership);
    await group.getByLabel(w.director, { exact: true }).setChecked(partner.isDirector ?? false);
    await group.getByLabel(w.addressLine1, { exact: true }).fill(partner.addressLine1);
    await group.getByLabel(w.addressLine2, { exact: true }).fill(partner.addressLine2 ?? '');
    await group.getByLabel(w.city, { exact: true }).fill(partner.city);
    await group.getByLabel(w.stateOrProvince, { exact: true }).fill(partner.stateOrProvince);
    await group.getByLabel(w.country, { exact: true }).selectOption(partner.country);
    await group.getByLabel(w.postalCode, { exact: true }).fill(partner.postalCode);
    await group.getByLabel(w.taxId, { exact: true }).fill(partner.taxId ?? '');
  }

  async fillPartners(partners: readonly PartnerInput[]) {
    await this.expectStep('partners');
    for (let i = 0; i < partners.length; i++) {
      if (i > 0) await this.page.getByRole('button', { name: this.words.addPartner }).click();
      await this.fillPartner(i + 1, partners[i]!);
    }
  }

  async choosePlan(plan: PlanChoice, billing: 'monthly' | 'annual') {
    await this.expectStep('plan');
    await this.page.getByRole('radio', { name: new RegExp(`^${billing === 'annual' ? this.words.annual : this.words.monthly}`) }).check();
    await this.page.getByRole('radio', { name: new RegExp(`^${this.words.plans[plan]}\\b`) }).check();
  }

  async chooseSpeed(speed: CreateCompanyInput['speed']) {
    await this.page.getByRole('radio', { name: new RegExp(`^${escapeRegExp(this.words.speed[speed])}`) }).check();
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Walks the create-company wizard from its first step to the plan step (not submitted).
 * Returns what was entered, with the email used.
 */
export async function fillCreateCompanyWizard(page: Page, lang: Lang, overrides: Partial<CreateCompanyInput> = {}): Promise<CreateCompanyInput> {
  const input = sampleCreateCompany(overrides);
  const wizard = new WizardPage(page, lang);
  const w = wizard.words;
  await wizard.goto('createCompany');
  await wizard.fillOwner(input.owner);
  await wizard.next('names');
  await wizard.field(w.nameOption1).fill(input.nameOption1);
  await wizard.field(w.nameOption2).fill(input.nameOption2);
  await wizard.next('type');
  await page.getByRole('radio', { name: input.type, exact: true }).check();
  await wizard.next('industry');
  await wizard.field(w.industry).selectOption(input.industry);
  if (input.industry === 'other') await wizard.field(w.industryOther).fill(input.industryOther ?? 'Artisan coffee');
  await wizard.next('state');
  await wizard.field(w.state).selectOption(input.state);
  await wizard.next('services');
  await wizard.chooseSpeed(input.speed);
  await wizard.next('partners');
  await wizard.fillPartners(input.partners);
  await wizard.next('plan');
  if (input.plan) await wizard.choosePlan(input.plan, input.billing);
  return input;
}

export interface CryptoInput {
  owner: OwnerInput;
  legalName: string;
  registrationCountry: string;
  residenceCountry: string;
  plan: PlanChoice;
  billing: 'monthly' | 'annual';
}

/** Walks the cross-border crypto wizard to its plan step (not submitted). */
export async function fillCrossBorderCryptoWizard(page: Page, lang: Lang, overrides: Partial<CryptoInput> = {}): Promise<CryptoInput> {
  const input: CryptoInput = {
    owner: { firstName: 'Tomás', lastName: 'Pereira', email: uniqueEmail('crypto'), phoneCountry: 'BR', phone: '11912345678' },
    legalName: 'Pereira Trading',
    registrationCountry: 'BR',
    residenceCountry: 'BR',
    plan: 'standard',
    billing: 'monthly',
    ...overrides,
  };
  const wizard = new WizardPage(page, lang);
  const w = wizard.words;
  await wizard.goto('crossBorderCrypto');
  await wizard.fillOwner(input.owner);
  await wizard.next('business');
  await wizard.field(w.legalName).fill(input.legalName);
  await wizard.field(w.registrationCountry).selectOption(input.registrationCountry);
  await wizard.next('residence');
  await wizard.field(w.residenceCountry).selectOption(input.residenceCountry);
  await wizard.next('plan');
  await wizard.choosePlan(input.plan, input.billing);
  return input;
}

export interface MigrateInput {
  owner: OwnerInput;
  existingCompanyName: string;
  /** YYYY-MM-DD; left empty when not given (the question is optional). */
  formationDate?: string;
  type: 'LLC' | 'C-Corp';
  industry: string;
  origin: { state: string } | { country: string };
  ein?: string;
  partners: PartnerInput[];
  plan: PlanChoice;
  billing: 'monthly' | 'annual';
}

/** Walks the migrate-company wizard to its plan step (not submitted). */
export async function fillMigrateCompanyWizard(page: Page, lang: Lang, overrides: Partial<MigrateInput> = {}): Promise<MigrateInput> {
  const input: MigrateInput = {
    owner: { firstName: 'Ana', lastName: 'Souza', email: uniqueEmail('migrate'), phoneCountry: 'MX', phone: '5512345678' },
    existingCompanyName: 'Souza Imports',
    type: 'LLC',
    industry: 'importExport',
    origin: { state: 'DE' },
    partners: [samplePartner({ firstName: 'Ana', lastName: 'Souza', country: 'MX' })],
    plan: 'standard',
    billing: 'monthly',
    ...overrides,
  };
  const wizard = new WizardPage(page, lang);
  const w = wizard.words;
  await wizard.goto('migrateCompany');
  await wizard.fillOwner(input.owner);
  await wizard.next('migrationCompany');
  await wizard.field(w.existingCompanyName).fill(input.existingCompanyName);
  if (input.formationDate) await wizard.field(w.formationDate).fill(input.formationDate);
  await page.getByRole('radio', { name: input.type, exact: true }).check();
  await wizard.next('industry');
  await wizard.field(w.industry).selectOption(input.industry);
  await wizard.next('origin');
  if ('state' in input.origin) {
    await page.getByRole('radio', { name: w.originUs, exact: true }).check();
    await wizard.field(w.originState).selectOption(input.origin.state);
  } else {
    await page.getByRole('radio', { name: w.originAbroad, exact: true }).check();
    await wizard.field(w.originCountry).selectOption(input.origin.country);
  }
  await wizard.next('documents');
  if (input.ein) await wizard.field(w.ein).fill(input.ein);
  await wizard.next('services');
  await wizard.next('partners');
  await wizard.fillPartners(input.partners);
  await wizard.next('plan');
  await wizard.choosePlan(input.plan, input.billing);
  return input;
}

/** Clicks "Continue to payment" on the plan step and waits for the checkout page of the new order. */
export async function submitWizardOrder(page: Page, lang: Lang): Promise<{ orderId: string }> {
  await page.getByRole('button', { name: wizardWords[lang].pay, exact: true }).click();
  await page.waitForURL(new RegExp(`/${lang}/checkout/[0-9a-f-]{36}$`));
  const orderId = /checkout\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  return { orderId };
}

/** The words of "continue on another device" (English). */
export const continueWords = {
  action: 'Continue on another device',
  link: 'Link to continue',
  email: 'Email me the link at',
  send: 'Email me the link',
  sent: (email: string) => `We sent the link to ${email}. Check your inbox.`,
  title: 'Continue your application',
  invalid: 'This link is incomplete or damaged.',
  notFound: 'This link no longer opens an application',
};

export const linkShape = /^http:\/\/localhost:\d+\/en\/continue#([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

/** Opens the panel and waits for the link, which exists only once the draft reached the server. */
export async function continueLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: continueWords.action, exact: true }).click();
  const panel = page.getByRole('region', { name: continueWords.action, exact: true });
  const field = panel.getByRole('textbox', { name: continueWords.link, exact: true });
  await expect(field).toHaveValue(linkShape);
  return field.inputValue();
}
