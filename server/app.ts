import path from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import type { AppDeps, AppEnv } from './context';
import { handleError, problemResponse } from './lib/problem';
import { validationHook } from './lib/validation-hook';
import { withImpersonationAudit } from './middleware/with-impersonation-audit';
import { impersonatorOperations, refuseUnsafeWhileImpersonating } from './middleware/refuse-while-impersonating';
import { withOriginCheck } from './middleware/with-origin-check';
import { withRequestLog } from './middleware/with-request-log';
import { withResponseHeaders } from './middleware/with-response-headers';
import { docsRouter } from './routes/docs';
import { adminRouter } from './routes/admin';
import { adminAuditRouter } from './routes/admin-audit';
import { adminDepositsRouter } from './routes/admin-deposits';
import { authRouter } from './routes/auth';
import { bankLinksRouter } from './routes/bank-links';
import { billingRouter } from './routes/billing';
import { stripeWebhooksRouter } from './routes/stripe-webhooks';
import { bankingRouter } from './routes/banking';
import { bankingTwoFactorRouter } from './routes/banking-two-factor';
import { bankingSandboxRouter } from './routes/banking-sandbox';
import { bookkeepingRouter } from './routes/bookkeeping';
import { createCheckout } from './payments/checkout';
import { checkoutRouter } from './routes/checkout';
import { companiesRouter } from './routes/companies';
import { renewalsRouter } from './routes/renewals';
import { configRouter } from './routes/config';
import { contactRouter } from './routes/contact';
import { draftsRouter } from './routes/drafts';
import { healthRouter } from './routes/health';
import { syncRouter } from './routes/sync';
import { taxFormsRouter } from './routes/tax-forms';
import { teammatesRouter } from './routes/teammates';
import { taxInfoRouter } from './routes/tax-info';
import { ordersRouter } from './routes/orders';
import { plansRouter } from './routes/plans';
import { uploadsRouter } from './routes/uploads';
import { mailRouter } from './routes/mail';
import { boiRouter } from './routes/boi';
import { calendarRouter } from './routes/calendar';
import { usersRouter } from './routes/users';
import { createBankLinkingProvider } from './providers/bank-linking/create-bank-linking-provider';
import { createBankingProvider } from './providers/banking/create-banking-provider';
import { isSandboxBanking } from './providers/banking/sandbox-banking';
import { createPaymentsProvider } from './providers/payments/create-payments-provider';
import { createStorage } from './providers/storage/create-storage';
import { localFilesPath } from './providers/storage/local-storage';
import { inlineStyleHashes, mountClient } from './static';

/**
 * Builds Alta's HTTP app: middleware in order (response headers, log, origin check, body
 * limit), one router per resource under /api/v1, the OpenAPI document and docs, then the
 * built client. Invalid input never reaches a handler: the zod hook answers problem+json.
 */
export function createApp(deps: AppDeps, options: { clientRoot?: string } = {}) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(handleError);

  const clientRoot = options.clientRoot ?? path.resolve('dist/client');
  // The CSP allows the pre-rendered pages' inline styles by the hashes their build wrote.
  app.use('*', withResponseHeaders(deps.env, inlineStyleHashes(clientRoot)));
  if (deps.env.NODE_ENV !== 'test' && deps.env.LOG_REQUESTS !== '0') app.use('*', withRequestLog);
  app.use('/api/*', withOriginCheck(deps.env));
  const apiBodyLimit = bodyLimit({ maxSize: 1024 * 1024, onError: (c) => problemResponse(c, 413, 'payload_too_large') });
  // Files for the local storage simulator (up to 20 MB) are limited by their signed size instead.
  // GET and HEAD carry no body here (node-server gives them none), and asking for one would build a
  // whole WHATWG Request from Node's message: some 5 % of /users/me's CPU, for nothing.
  app.use(
    '/api/*',
    createMiddleware<AppEnv>((c, next) =>
      c.req.method === 'GET' || c.req.method === 'HEAD' || (c.req.method === 'PUT' && c.req.path.startsWith(localFilesPath)) ? next() : apiBodyLimit(c, next),
    ),
  );

  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook }).basePath('/api/v1');
  // Outermost around every route: sees the session the route's own middleware set.
  api.use('*', withImpersonationAudit(deps));
  // Before every route's own middleware: an admin acting as a user writes only what the allow-list names.
  api.use('*', refuseUnsafeWhileImpersonating(deps));
  api.route('/', healthRouter(deps));
  api.route('/', syncRouter(deps));
  api.route('/', draftsRouter(deps));
  api.route('/', configRouter(deps));
  api.route('/', authRouter(deps));
  api.route('/', usersRouter(deps));
  api.route('/', adminRouter(deps));
  api.route('/', adminAuditRouter(deps));
  api.route('/', contactRouter(deps));
  const storage = createStorage(deps.env, deps.now);
  api.route('/', uploadsRouter(deps, storage));
  api.route('/', mailRouter(deps, storage));
  api.route('/', boiRouter(deps));
  const payments = createPaymentsProvider(deps);
  const checkout = createCheckout(deps, payments);
  api.route('/', plansRouter());
  api.route('/', ordersRouter(deps, checkout));
  api.route('/', checkoutRouter(deps, checkout));
  api.route('/', billingRouter(deps, payments));
  api.route('/', stripeWebhooksRouter(deps));
  api.route('/', companiesRouter(deps));
  api.route('/', renewalsRouter(deps));
  api.route('/', bookkeepingRouter(deps));
  api.route('/', bankLinksRouter(deps, deps.bankLinking ?? createBankLinkingProvider(deps)));
  const banking = createBankingProvider(deps);
  api.route('/', bankingTwoFactorRouter(deps));
  api.route('/', bankingRouter(deps, banking));
  api.route('/', adminDepositsRouter(deps));
  if (isSandboxBanking(banking)) api.route('/', bankingSandboxRouter(deps, banking));
  api.route('/', taxFormsRouter(deps));
  api.route('/', teammatesRouter(deps));
  api.route('/', taxInfoRouter(deps));
  api.route('/', calendarRouter(deps));

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Alta API',
      version: '1.0.0',
      description: `Form, migrate and run a US company from anywhere.\n\nAn admin acting as a user (\`POST /admin/login-as-user\`) gets 403 \`impersonation_forbidden\` on every POST, PUT, PATCH and DELETE except ${Object.keys(impersonatorOperations).join(', ')}.`,
    },
  });
  app.route('/', api);
  app.route('/api/docs', docsRouter());
  app.all('/api/*', (c) => problemResponse(c, 404, 'not_found'));

  mountClient(app, clientRoot, { sourceMaps: deps.env.SERVE_SOURCE_MAPS === '1' });
  return app;
}
