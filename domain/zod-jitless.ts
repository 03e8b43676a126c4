import type { $ZodConfig } from 'zod/v4/core';

/**
 * zod compiles object validators with `new Function` after probing whether it may; Alta's CSP
 * never allows 'unsafe-eval', so the probe only produced a CSP violation report on every page
 * with a form, and in every worker that validates (a worker's script carries the same CSP).
 * Jitless validation is the same validation without the probe.
 *
 * zod keeps its configuration in `globalThis.__zod_globalConfig` and documents filling it in
 * before zod loads as equivalent to `z.config(...)` (zod/src/v4/core/core.ts). Importing this
 * first thing in the client entry and in every worker entry sets it before any schema is
 * built, without putting zod's code in the entry: zod arrives with the pages that validate
 * something. If zod is already loaded, the object it reads is the one changed here. The server
 * allows itself compiled validators and does not import this.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
(scope.__zod_globalConfig ??= {}).jitless = true;
