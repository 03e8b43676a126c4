import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import type * as account from '@domain/account';
import { useFieldError } from '@src/lib/form-errors';
import { lazyResolver } from '@src/lib/lazy-resolver';

/**
 * A form of the account screens, validated on the client by its `domain/account` schema (same
 * rules and messages as the server). The schema, zod and the phone metadata load on demand
 * (`preload`, on the form's first focus) instead of delaying the screen's first paint.
 */
export function useAccountForm<S extends z.ZodType<unknown, FieldValues>>(schemaOf: (schemas: typeof account) => S, defaultValues: DefaultValues<z.input<S>>) {
  const [validation] = useState(() =>
    lazyResolver<z.input<S>, z.output<S>>(async () => {
      const [{ zodResolver }, schemas] = await Promise.all([import('@hookform/resolvers/zod'), import('@domain/account')]);
      return zodResolver(schemaOf(schemas));
    }),
  );
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: validation.resolver, defaultValues });
  const fieldError = useFieldError(form.formState.errors);
  return { ...form, fieldError, isSubmitting: form.formState.isSubmitting, preload: validation.preload };
}
