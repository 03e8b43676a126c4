/**
 * What a log line may say about an error: its class, its code (the SQLSTATE of a database
 * error, e.g. `23505`) and where it was thrown — never its message. A database error's message
 * repeats the failed query with every parameter (password hashes, e-mails, draft data, contact
 * messages), and other messages can quote input too.
 */
export function errorForLog(error: unknown): { error: string; code?: string; at: string[] } {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) chain.push(current);
  const code = chain.map((item) => (item as { code?: unknown }).code).find((value): value is string => typeof value === 'string');
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  return {
    error: chain.map((item) => (item instanceof Error ? item.constructor.name : typeof item)).join(' < '),
    ...(code ? { code } : {}),
    at: stack
      .split('\n')
      .filter((line) => line.startsWith('    at '))
      .slice(0, 8)
      .map((line) => line.trim()),
  };
}

/** One structured error line on stderr: the message, the context fields, and what `errorForLog` may say of the error. */
export function logError(msg: string, fields: Record<string, unknown> = {}, error?: unknown): void {
  console.error(JSON.stringify({ level: 'error', msg, ...fields, ...(error === undefined ? {} : errorForLog(error)) }));
}
