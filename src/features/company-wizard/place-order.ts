import type { Attribution } from '@domain/account';
import type { CreateOrderInput, OrderCreated } from '@domain/checkout';
import { toE164 } from '@domain/phone';
import type { Language } from '@domain/constants';
import { flowCompanyType, type OrderFlow } from '@domain/order-flows';
import { computePrice } from '@domain/plan-prices';
import type { PlanCatalog } from '@domain/plans';
import type { CheckoutHandoff } from '@src/features/plans/checkout-handoff';
import { ApiError, NetworkError } from '@src/lib/api';
import { orderServices } from './order-quote';
import { orderWizardInput, wizardSchemas } from './wizard-checks';
import { formPathOfServerField } from './wizard-steps';
import type { CreateCompanyValues, CrossBorderCryptoValues, MigrateCompanyValues, PlacedOrder, WizardValuesOf } from './wizard-values';

/**
 * The wizard's last step: prices the selection with the server's catalog (the total the
 * customer sees is the `expectedAmount` the server checks), places the order, and says
 * what happened in terms the wizard can show. Nothing the visitor entered is touched. With the
 * order's schemas and the phone rules, loaded when the visitor pays (decision 076).
 */

export function companyNameOf<F extends OrderFlow>(flow: F, values: WizardValuesOf[F]): string {
  if (flow === 'createCompany') return (values as CreateCompanyValues).company.nameOption1.trim();
  if (flow === 'migrateCompany') return (values as MigrateCompanyValues).company.existingCompanyName.trim();
  return (values as CrossBorderCryptoValues).business.legalName.trim();
}

export type PlaceOrderOutcome =
  /** The same content was already ordered, and that order is still payable here or paid: go back to its checkout. */
  | { kind: 'reused'; orderId: string }
  | { kind: 'placed'; placed: PlacedOrder; handoff: CheckoutHandoff }
  /** No connection: nothing was sent. */
  | { kind: 'offline' }
  /** The server's prices differ from the catalog shown: refresh it and let the visitor review. */
  | { kind: 'priceMismatch' }
  /** Fields the server refused, by form path (`partners`, `residenceCountry`, `plan.plan`). */
  | { kind: 'invalid'; errors: Record<string, string> }
  | { kind: 'failed'; error: unknown };

export interface PlaceOrderInput<F extends OrderFlow> {
  flow: F;
  values: WizardValuesOf[F];
  catalog: PlanCatalog;
  draftId: string | null;
  language: Language;
  attribution: Attribution | undefined;
  /** The order this wizard placed before, if any. */
  previous: PlacedOrder | null;
  /** Whether this browser still holds the previous order's checkout token (an open order). */
  hasHandoff: (orderId: string) => boolean;
  /** Whether the previous order was paid here and awaits an account (its checkout leads to it). */
  isPaid: (orderId: string) => boolean;
}

export interface PlaceOrderDeps {
  createOrder: (body: CreateOrderInput) => Promise<OrderCreated>;
  online: () => boolean;
  now: () => Date;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function placeOrder<F extends OrderFlow>(input: PlaceOrderInput<F>, deps: PlaceOrderDeps): Promise<PlaceOrderOutcome> {
  const { flow, values, catalog } = input;
  if (values.plan.plan === '') return { kind: 'invalid', errors: { 'plan.plan': 'validation.required' } };
  const services = orderServices(flow, values, catalog);
  const priced = computePrice(catalog, { companyType: flowCompanyType[flow], plan: values.plan.plan, billing: values.plan.billing, services });
  if (!priced.ok) return { kind: 'invalid', errors: firstErrors(priced.errors) };
  const wizard = wizardSchemas[flow].safeParse(orderWizardInput(flow, values));
  if (!wizard.success) {
    return { kind: 'invalid', errors: Object.fromEntries(wizard.error.issues.map((issue) => [issue.path.join('.'), issue.message])) };
  }

  const content = {
    flow,
    wizard: wizard.data,
    plan: values.plan.plan,
    billing: values.plan.billing,
    services,
    ...(input.draftId ? { companyDraftId: input.draftId } : {}),
    language: input.language,
    expectedAmount: priced.quote.total,
  };
  const fingerprint = await sha256(JSON.stringify(content));
  const { previous } = input;
  // The same content again goes back to its order: paid (never buy the same company twice),
  // or still open here and not expired. Paid or expired elsewhere, or changed: a new order.
  if (previous && previous.fingerprint === fingerprint) {
    const open = input.hasHandoff(previous.orderId) && new Date(previous.expiresAt) > deps.now();
    if (open || input.isPaid(previous.orderId)) return { kind: 'reused', orderId: previous.orderId };
  }

  if (!deps.online()) return { kind: 'offline' };
  const body = { ...content, ...(input.attribution ? { attribution: input.attribution } : {}) } as CreateOrderInput;
  let created: OrderCreated;
  try {
    created = await deps.createOrder(body);
  } catch (error) {
    if (error instanceof NetworkError) return { kind: 'offline' };
    if (error instanceof ApiError && error.code === 'price_mismatch') return { kind: 'priceMismatch' };
    if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
      const errors = Object.fromEntries(
        Object.entries(error.errors)
          .filter(([, keys]) => keys[0])
          .map(([field, keys]) => [formPathOfServerField(field), keys[0]!]),
      );
      return { kind: 'invalid', errors };
    }
    return { kind: 'failed', error };
  }

  const placed: PlacedOrder = { orderId: created.orderId, orderNumber: created.orderNumber, fingerprint, expiresAt: created.expiresAt };
  const handoff: CheckoutHandoff = {
    orderId: created.orderId,
    checkoutToken: created.checkoutToken,
    orderNumber: created.orderNumber,
    flow,
    expiresAt: created.expiresAt,
    quote: created.quote,
    companyName: companyNameOf(flow, values),
    email: wizard.data.owner.email,
    firstName: wizard.data.owner.firstName,
    lastName: wizard.data.owner.lastName,
    phone: toE164(wizard.data.owner.phone, wizard.data.owner.phoneCountry) ?? null,
    phoneCountry: wizard.data.owner.phoneCountry,
    draftId: input.draftId,
    newCompany: true,
    createdAt: deps.now().toISOString(),
  };
  return { kind: 'placed', placed, handoff };
}

/** `computePrice` errors (field → keys) as the form shows them: the first key of each, on the plan step's fields. */
function firstErrors(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([, keys]) => keys[0])
      .map(([field, keys]) => [formPathOfServerField(field), keys[0]!]),
  );
}
