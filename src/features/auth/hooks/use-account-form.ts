import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useFieldError } from '@src/lib/form-errors';
import { lazyResolver } from '@src/lib/lazy-resolver';

/**
 * A form of the account screens, validated on the client by its `domain/account` (or, with the
 * phone, `domain/register`) schema: the same rules and messages as the server. `loadSchema`
 * imports it; the schema, zod and, for the phone, its metadata load on demand (`preload`, on the
 * form's first focus) instead of delaying the screen's first paint, and only the form's own.
 */
export function useAccountForm<S extends z.ZodType<unknown, FieldValues>>(loadSchema: () => Promise<S>, defaultValues: DefaultValues<z.input<S>>) {
  const [validation] = useState(() =>
    lazyResolver<z.input<S>, z.output<S>>(async () => {
      const [{ zodResolver }, schema] = await Promise.all([import('@hookform/resolvers/zod'), loadSchema()]);
      return zodResolver(schema);
    }),
  );
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: validation.resolver, defaultValues });
  const fieldError = useFieldError(form.formState.errors);
  return { ...form, fieldError, isSubmitting: form.formState.isSubmitting, preload: validation.preload };
}
