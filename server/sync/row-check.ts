import { z } from 'zod';
import { syncedTables, type Row, type TableName } from '@sync/tables';

/**
 * The field schemas of a table whose schema is a strict object without checks of its own (every
 * synced table's): a row passes it exactly when it has the same keys and each field passes its
 * own schema. Null for any other schema.
 */
const fieldsOf = new Map<TableName, Record<string, z.ZodType> | null>();

function fields(table: TableName): Record<string, z.ZodType> | null {
  let shape = fieldsOf.get(table);
  if (shape === undefined) {
    const schema: z.ZodType = syncedTables[table].schema;
    const plain = schema instanceof z.ZodObject && schema._zod.def.catchall?._zod.def.type === 'never' && (schema._zod.def.checks?.length ?? 0) === 0;
    shape = plain ? schema.shape : null;
    fieldsOf.set(table, shape);
  }
  return shape;
}

/**
 * A row a mutator writes, as its table's schema parses it, or undefined when it does not pass:
 * a mutator bug must not store what a device could not read back.
 *
 * `held`: a row of the table whose fields are taken as they are: the row of the same id as this push
 * already holds it — read from the database (what every device of the scope already reads back)
 * or written by an earlier mutation of the push (checked then) — or, for a new row, the new row
 * checked just before it. An edit changes a field or two of it (a note edit: the note and
 * `updatedAt`), and the lines of one import differ in six of sixteen fields, so only the fields
 * that differ from it are parsed, each with its own schema; the others are the held row's.
 * Parsing the whole row (sixteen fields, the date checked as a calendar date) was the largest
 * item of a note edit's JavaScript on the server, and of an import's.
 */
export function checkRow<T extends TableName>(table: T, row: Row<T>, held: Row<T> | undefined): Row<T> | undefined {
  const shape = held ? fields(table) : null;
  // The held row itself, changed in place, would compare equal to itself field by field: parsed whole.
  if (shape && held && held !== row) {
    const record = row as Record<string, unknown>;
    const before = held as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length === Object.keys(shape).length && keys.every((key) => Object.hasOwn(shape, key) && Object.hasOwn(before, key))) {
      const parsed: Record<string, unknown> = { ...record };
      for (const key of keys) {
        if (record[key] === before[key]) continue;
        const result = shape[key]!.safeParse(record[key]);
        if (!result.success) return undefined;
        parsed[key] = result.data;
      }
      return parsed as Row<T>;
    }
  }
  const result = syncedTables[table].schema.safeParse(row);
  return result.success ? (result.data as Row<T>) : undefined;
}
