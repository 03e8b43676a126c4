import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { depositRails } from '@domain/banking';
import { defaultLanguage, isLanguage, type Language } from '@domain/constants';
import { problemSchema } from '@domain/problem';
import { requireBankingAccess } from '../banking/access';
import { mailHeldPayment } from '../banking/held-payment-mail';
import { applyBankingEvent } from '../banking/deposits';
import type { AppDeps, AppEnv } from '../context';
import { bankingProfiles } from '../db/schema/banking';
import en from '../i18n/en.json';
import es from '../i18n/es.json';
import pt from '../i18n/pt.json';
import { ProblemError } from '../lib/problem';
import { withSession } from '../middleware/with-session';
import type { SandboxBanking, SignedEvent } from '../providers/banking/sandbox-banking';

const texts: Record<Language, typeof es.bankingSandbox> = { es: es.bankingSandbox, en: en.bankingSandbox, pt: pt.bankingSandbox };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The sandbox's stand-ins for what Bridge hosts or does on its side, mounted only when the
 * local sandbox is the provider (never in production): the hosted KYC page (approve, reject,
 * ask for more) and money arriving on a virtual account. Each produces a signed webhook
 * event that goes through the same verification and application as Bridge's.
 */
export function bankingSandboxRouter(deps: AppDeps, sandbox: SandboxBanking) {
  const db = deps.database.db;
  const session = withSession(deps);

  async function deliver(event: SignedEvent) {
    const verified = await sandbox.verifyWebhook(event.rawBody, event.signature, deps.now());
    if (!verified) throw new Error('Sandbox event failed its own signature');
    let held: string | null = null;
    await applyBankingEvent(db, verified, deps.now(), (id) => (held = id));
    if (held) await mailHeldPayment(deps, held);
  }

  const depositRoute = createRoute({
    method: 'post',
    path: '/banking/sandbox/companies/{companyId}/deposits',
    summary:
      'Sandbox only: an incoming payment on one of the company’s virtual accounts (ACH, US wire, SEPA or SPEI; never SWIFT), checked against SPEC §1 like any deposit',
    tags: ['banking'],
    middleware: session,
    request: {
      params: z.object({ companyId: z.uuid() }),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z
              .object({
                amountCents: z.number().int().min(1).max(1_000_000_000_00),
                senderName: z.string().min(1).max(80),
                fromBank: z.string().min(1).max(80),
                rail: z.enum(depositRails),
                /** What the sending bank says the sender is (absent: unknown, which SPEC §1 reads as a person). */
                senderType: z.enum(['business', 'individual']).optional(),
                /** The payment's description (an ACH batch described PAYROLL is payroll). */
                description: z.string().max(80).optional(),
              })
              .strict(),
          },
        },
      },
    },
    responses: {
      202: { description: 'Delivered as a signed webhook' },
      409: { description: '`banking_not_approved`', content: { 'application/problem+json': { schema: problemSchema } } },
    },
  });

  const router = new OpenAPIHono<AppEnv>();

  router.get('/banking/sandbox/kyc/:id', async (c) => {
    const language = isLanguage(c.req.query('lang')) ? (c.req.query('lang') as Language) : defaultLanguage;
    const t = texts[language];
    const id = escapeHtml(c.req.param('id'));
    const button = (decision: string, label: string) => `<button name="decision" value="${decision}">${escapeHtml(label)}</button>`;
    return c.html(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(t.title)}</title></head>` +
        `<body><main><h1>${escapeHtml(t.title)}</h1><p>${escapeHtml(t.intro)}</p>` +
        `<form method="post" action="/api/v1/banking/sandbox/kyc/${id}">${button('approved', t.approve)} ${button('rejected', t.reject)} ${button('incomplete', t.moreInfo)}</form></main></body></html>`,
    );
  });

  router.post('/banking/sandbox/kyc/:id', async (c) => {
    const form = await c.req.parseBody();
    const decision = form.decision;
    if (decision !== 'approved' && decision !== 'rejected' && decision !== 'incomplete') throw new ProblemError(400, 'validation');
    const [profile] = await db
      .select()
      .from(bankingProfiles)
      .where(eq(bankingProfiles.kycLinkId, c.req.param('id')));
    if (!profile) throw new ProblemError(404, 'not_found');
    await deliver(await sandbox.decideKyc(profile.kycLinkId, decision));
    return c.redirect(`${deps.env.APP_URL}/${defaultLanguage}/banking-crypto`, 303);
  });

  return router.openapi(depositRoute, async (c) => {
    const { companyId } = c.req.valid('param');
    await requireBankingAccess(db, c.var.user, companyId, deps.now());
    const [profile] = await db.select().from(bankingProfiles).where(eq(bankingProfiles.companyId, companyId));
    if (!profile || profile.status !== 'approved') throw new ProblemError(409, 'banking_not_approved');
    await deliver(await sandbox.simulateDeposit({ customerId: profile.customerId, ...c.req.valid('json') }));
    return c.body(null, 202);
  });
}
