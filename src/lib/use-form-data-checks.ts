import { useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from './api';
import { messageKey } from './error-message';
import { useHydrated } from './use-hydrated';

/** Field → its message key (`validation.*`, or the server's). */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message of each of `fields` among `entries` (a schema's issues, a server's refusal). */
function firstErrors<F extends string>(fields: readonly F[], entries: Iterable<[PropertyKey | undefined, string | undefined]>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [name, message] of entries) {
    const field = fields.find((candidate) => candidate === name);
    if (field && message && !errors[field]) errors[field] = message;
  }
  return errors;
}

function focusFirst<F extends string>(form: HTMLFormElement, fields: readonly F[], errors: FieldErrors<F>) {
  const first = fields.find((field) => errors[field]);
  const element = first && form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

/**
 * The checks of a form whose fields are plain inputs, read from the form when they are checked
 * (`FormData`): what a visitor typed on a pre-rendered page before the app hydrated it counts
 * (decision 082). Its zod schema (the same rules and messages as the server) loads on demand,
 * on the form's first focus. A send checks every field and focuses the first one
 * refused; from then on, each field is checked again as it changes. With `checkOnLeave`, a field
 * is also checked once the person leaves it, and again as it changes after that.
 *
 * `handleSubmit(send, fail)` is the form's `onSubmit`: one send at a time (`sending`), and `send`
 * gets the checked values only when every field passes.
 */
export function useFormDataChecks<F extends string, S extends z.ZodType>(
  fields: readonly F[],
  loadSchema: () => Promise<S>,
  {
    checkOnLeave = false,
    derived = {},
  }: {
    checkOnLeave?: boolean;
    /** A field whose value is not one control's (a phone number with its country's select), read from the form's data. */
    derived?: Partial<Record<F, (data: FormData) => unknown>>;
  } = {},
) {
  const { t } = useTranslation(['validation', 'errors']);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [sending, setSending] = useState(false);
  const followed = useRef(new Set<F>());
  const hydrated = useHydrated();

  const check = async (form: HTMLFormElement): Promise<{ values?: z.output<S>; errors: FieldErrors<F> }> => {
    const data = new FormData(form);
    const values = Object.fromEntries(
      fields.map((field) => {
        const read = derived[field];
        if (read) return [field, read(data)];
        // A checkbox is its checkedness (FormData has it only when checked, as "on").
        const control = form.elements.namedItem(field);
        if (control instanceof HTMLInputElement && control.type === 'checkbox') return [field, control.checked];
        const value = data.get(field);
        return [field, typeof value === 'string' ? value : ''];
      }),
    );
    const result = (await loadSchema()).safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    return {
      errors: firstErrors(
        fields,
        result.error.issues.map((issue) => [issue.path[0], issue.message]),
      ),
    };
  };

  // The followed fields' messages follow the form; the others stay as they are.
  const recheck = (form: HTMLFormElement) =>
    check(form).then(
      (found) =>
        setErrors((shown) => {
          const next = { ...shown };
          for (const field of followed.current) {
            if (found.errors[field]) next[field] = found.errors[field];
            else delete next[field];
          }
          return next;
        }),
      () => undefined, // The schema could not load (offline): the send says so.
    );

  const followAll = () => fields.forEach((field) => followed.current.add(field));

  // Refused fields: their messages shown (the others' cleared), the first one focused, every field followed from now on.
  const showRefused = (found: FieldErrors<F>, form: HTMLFormElement) => {
    followAll();
    setErrors(found);
    focusFirst(form, fields, found);
  };

  // The values once every field passes; otherwise none, with the messages shown and the first refused field focused.
  const checkToSend = async (form: HTMLFormElement): Promise<z.output<S> | undefined> => {
    followAll();
    const found = await check(form);
    setErrors(found.errors);
    focusFirst(form, fields, found.errors);
    return found.values;
  };

  return {
    /** A field's message, translated; none while it passes. */
    fieldError(field: F): string | undefined {
      const message = errors[field];
      return message ? t(messageKey(message)) : undefined;
    },
    sending,
    /**
     * The form's `onSubmit`: `send` runs with the checked values. What it throws, or a schema that
     * could not load (offline), goes to `fail`.
     */
    handleSubmit(send: (values: z.output<S>, form: HTMLFormElement) => Promise<void>, fail: (error: unknown, form: HTMLFormElement) => void) {
      return (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (sending) return;
        const form = event.currentTarget;
        setSending(true);
        void checkToSend(form)
          .then((values) => values && send(values, form))
          .catch((error: unknown) => fail(error, form))
          .finally(() => setSending(false));
      };
    },
    /** Shows the server's refusal of these fields; false when the error is not about them (the form says it otherwise). */
    refuse(error: unknown, form: HTMLFormElement): boolean {
      const found =
        error instanceof ApiError
          ? firstErrors(
              fields,
              Object.entries(error.errors).map(([name, keys]) => [name, keys[0]]),
            )
          : {};
      if (Object.keys(found).length === 0) return false;
      showRefused(found, form);
      return true;
    },
    /** Shows the server's refusal of one field by an error code (an email already taken), and focuses it. */
    refuseField(field: F, message: string, form: HTMLFormElement) {
      showRefused({ [field]: message } as FieldErrors<F>, form);
    },
    /** After a send went through: the form starts over. */
    clear() {
      followed.current.clear();
      setErrors({});
    },
    /**
     * Spread on the send button. In the pre-rendered page it is disabled until the starter runs,
     * which enables it once sends are held (`holdUntilHydrated`): before, a send would be the
     * browser's own, and a disabled default button stops Enter from sending too.
     */
    sendButtonProps: { disabled: !hydrated, 'data-enabled-by-starter': '' },
    /** Spread on the `<form>`. */
    formProps: {
      // POST: without scripts, what the browser sends itself (a password, a message) never lands
      // in an address, a history or a log (decision 082). With them, every send goes to `onSubmit`.
      method: 'post',
      noValidate: true,
      onFocus: () => void loadSchema().catch(() => undefined),
      onChange: (event: FormEvent<HTMLFormElement>) => {
        if (followed.current.size > 0) void recheck(event.currentTarget);
      },
      onBlur: (event: FocusEvent<HTMLFormElement>) => {
        const field = fields.find((candidate) => candidate === (event.target as Partial<HTMLInputElement>).name);
        if (!checkOnLeave || !field) return;
        followed.current.add(field);
        void recheck(event.currentTarget);
      },
    },
  };
}
