import { config } from 'zod/v4/core';

/**
 * zod compiles object validators with `new Function` after probing whether it may; Alta's CSP
 * never allows 'unsafe-eval', so the probe only produced a CSP violation report on every page
 * with a form. Jitless validation is the same validation without the probe. Imported first by
 * the client entry, before any module builds a schema (zod reads the setting then). Importing
 * `config` from `zod/v4/core` adds a few hundred bytes, not zod itself, to the entry.
 */
config({ jitless: true });
