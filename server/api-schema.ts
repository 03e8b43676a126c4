import type { ExtractSchema } from 'hono/types';
import type { adminRouter } from './routes/admin';
import type { adminAuditRouter } from './routes/admin-audit';
import type { adminDepositsRouter } from './routes/admin-deposits';
import type { authRouter } from './routes/auth';
import type { bankingRouter } from './routes/banking';
import type { billingRouter } from './routes/billing';
import type { boiRouter } from './routes/boi';
import type { bookkeepingRouter } from './routes/bookkeeping';
import type { calendarRouter } from './routes/calendar';
import type { companiesRouter } from './routes/companies';
import type { configRouter } from './routes/config';
import type { mailRouter } from './routes/mail';
import type { ordersRouter } from './routes/orders';
import type { plansRouter } from './routes/plans';
import type { renewalsRouter } from './routes/renewals';
import type { taxFormsRouter } from './routes/tax-forms';
import type { taxInfoRouter } from './routes/tax-info';
import type { teammatesRouter } from './routes/teammates';
import type { usersRouter } from './routes/users';

type SchemaOf<Router extends (...args: never[]) => unknown> = ExtractSchema<ReturnType<Router>>;

/**
 * The API's routes as the client calls them (under `/api/v1`): each path with its methods, their
 * inputs and their answers by status, inferred from the OpenAPIHono routers' zod schemas. The
 * client imports it as a type only (`src/lib/query/typed-api.ts`), so no server code reaches the
 * bundle, and a route whose schema changes changes the client's types with it. A router joins
 * this list when the client reads from it.
 */
export type ApiSchema = SchemaOf<typeof adminRouter> &
  SchemaOf<typeof adminAuditRouter> &
  SchemaOf<typeof adminDepositsRouter> &
  SchemaOf<typeof authRouter> &
  SchemaOf<typeof bankingRouter> &
  SchemaOf<typeof billingRouter> &
  SchemaOf<typeof boiRouter> &
  SchemaOf<typeof bookkeepingRouter> &
  SchemaOf<typeof calendarRouter> &
  SchemaOf<typeof companiesRouter> &
  SchemaOf<typeof configRouter> &
  SchemaOf<typeof mailRouter> &
  SchemaOf<typeof ordersRouter> &
  SchemaOf<typeof plansRouter> &
  SchemaOf<typeof renewalsRouter> &
  SchemaOf<typeof taxFormsRouter> &
  SchemaOf<typeof taxInfoRouter> &
  SchemaOf<typeof teammatesRouter> &
  SchemaOf<typeof usersRouter>;
