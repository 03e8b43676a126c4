import pg from 'pg';

/**
 * PostgreSQL parses and plans every statement it is sent, unless the statement is named: a
 * connection then parses it once and keeps it, and after a few runs keeps its plan too. For the
 * short statements most requests send, parsing and planning cost PostgreSQL more than running
 * them: a push of ten edits cost it 4.4–5.6 ms of CPU with every statement unnamed, 2.7–3.2 ms
 * named (docs/decisions/097). So the pool's connections name each parameterised statement by
 * its text, the first time they see it.
 *
 * Only statements with parameters are named: those already go through the extended protocol,
 * while one without (a migration of several statements) cannot be prepared. Only those with at
 * most `maxParameters`, too: a list of ids or a multi-row insert is a new text for each length,
 * and a prepared statement stays in its connection for the connection's life. A pool's
 * connections share its names, at most `maxNames`; a statement first seen once they are all
 * given runs unnamed, as every statement did before.
 */
export interface NamingLimits {
  maxNames: number;
  maxParameters: number;
}

const namingLimits: NamingLimits = { maxNames: 500, maxParameters: 32 };

/** Gives the statement `text` with `parameterCount` parameters its name, or undefined when it runs unnamed. */
export type StatementNames = (text: string, parameterCount: number) => string | undefined;

export function statementNames({ maxNames, maxParameters }: NamingLimits = namingLimits): StatementNames {
  const names = new Map<string, string>();
  return (text, parameterCount) => {
    if (parameterCount === 0 || parameterCount > maxParameters) return undefined;
    let name = names.get(text);
    if (name === undefined && names.size < maxNames) names.set(text, (name = `alta_${names.size + 1}`));
    return name;
  };
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown };

/** A `pg.Client` class whose queries given as config objects (as Drizzle gives them) run under `names`. */
export function namingClient(names: StatementNames = statementNames()): typeof pg.Client {
  const unnamedQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  class NamingClient extends pg.Client {}
  NamingClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    if (typeof config === 'object' && config !== null && !('submit' in config)) {
      const { text, name, values } = config as QueryConfig;
      const parameters = Array.isArray(rest[0]) ? rest[0] : values;
      if (typeof text === 'string' && name === undefined && Array.isArray(parameters)) {
        const named = names(text, parameters.length);
        if (named) config = { ...config, name: named };
      }
    }
    return unnamedQuery.call(this, config, ...rest);
  } as typeof pg.Client.prototype.query;
  return NamingClient;
}
