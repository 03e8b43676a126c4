import type { FieldValues, Resolver } from 'react-hook-form';
import { loadOnce } from './load-once';

/**
 * A form resolver whose schema code loads on demand. The login page is the first page many
 * users open: its form's schema code (zod, and the phone rules of `domain/phone.ts` for a form with
 * a phone) is fetched when the user starts typing (`preload`) instead of delaying the page.
 */
export function lazyResolver<Input extends FieldValues, Output>(load: () => Promise<Resolver<Input, unknown, Output>>) {
  const get = loadOnce(load);
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => (await get())(values, context, options);
  return { resolver, preload: () => void get().catch(() => undefined) };
}
