import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { z } from 'zod';
import type { checkoutFormSchema } from '@domain/checkout';
import type { Language } from '@domain/constants';
import { countryOptions } from '@domain/countries';
import { Button } from '@src/components/button';
import fieldStyles from '@src/components/form/field.module.css';
import layout from '@src/components/form/form-layout.module.css';
import { TextField } from '@src/components/form/text-field';
import { useFieldError } from '@src/lib/form-errors';
import { lazyResolver } from '@src/lib/lazy-resolver';
import { cardBrand, cvcLength, formatCardNumber, formatExpiry } from '../card';
import type { PaymentDetails } from '../checkout-outcomes';
import styles from './checkout.module.css';

type CardValues = Omit<z.input<typeof checkoutFormSchema>, 'couponCode'>;
type CardOutput = Omit<z.output<typeof checkoutFormSchema>, 'couponCode'>;

/**
 * The sandbox takes the card itself; with Stripe the card lives in Stripe's field and only these
 * are Alta's. The domain's checkout rules (and what they import) load on the form's first focus.
 */
const cardFormSchema = async () => (await import('@domain/checkout')).checkoutFormSchema.omit({ couponCode: true });
const cardValidation = lazyResolver<CardValues, CardOutput>(async () => zodResolver(await cardFormSchema()));
const stripeValidation = lazyResolver<CardValues, CardOutput>(async () =>
  zodResolver((await cardFormSchema()).extend({ cardNumber: z.string(), expiry: z.string(), cvc: z.string() })),
);

const cardFields = ['cardNumber', 'holderName', 'expiry', 'cvc', 'postalCode', 'country'] as const;

interface PaymentFormProps {
  language: Language;
  /** "Pay $1,234.50". */
  payLabel: string;
  busyLabel: string;
  busy: boolean;
  disabled: boolean;
  /** Field errors the server answered (`paymentMethod.cvc`, `country`…), as i18n keys. */
  serverErrors: Record<string, string[]>;
  /** Stripe.js when Alta runs with Stripe: the card number, expiry and CVC go to Stripe's own field. */
  stripe: Stripe | null;
  onPay: (details: PaymentDetails) => Promise<void>;
  /** The error summary, shown above the button. */
  children?: ReactNode;
}

/**
 * The card form of SPEC §3 "Checkout": card number (grouped as typed, brand recognised),
 * name on the card, expiry MM/YY, CVC, ZIP, and country or nationality with names in the
 * page's language, validated with `checkoutFormSchema` before anything is sent.
 */
export function PaymentForm({ language, payLabel, busyLabel, busy, disabled, serverErrors, stripe, onPay, children }: PaymentFormProps) {
  const { t } = useTranslation(['checkout', 'validation']);
  const countries = useMemo(() => countryOptions(language), [language]);
  const stripeCard = useRef<StripeCardElement | null>(null);
  const [stripeError, setStripeError] = useState<string | null>(null);
  /**
   * The PaymentMethod made for these card and billing details: pressing Pay again after a lost
   * answer sends the same body, so the server sees a retry of the same attempt, not a new one.
   */
  const stripeMethod = useRef<{ billing: string; id: string } | null>(null);
  const onStripeChange = useCallback((message: string | null) => {
    stripeMethod.current = null;
    setStripeError(message);
  }, []);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CardValues, unknown, CardOutput>({
    // With Stripe the card fields are not Alta's: only the payer's fields are validated here.
    resolver: (stripe ? stripeValidation : cardValidation).resolver,
    defaultValues: { cardNumber: '', holderName: '', expiry: '', cvc: '', postalCode: '', country: '' },
    shouldFocusError: true,
  });
  const fieldError = useFieldError(errors);
  const brand = cardBrand(watch('cardNumber') ?? '');

  // The server's answer to the same rules (or a bank's finer ones) lands on the same fields.
  useEffect(() => {
    let focus = true;
    for (const [path, keys] of Object.entries(serverErrors)) {
      const field = path.replace(/^paymentMethod\./, '');
      if (!keys[0]) continue;
      if ((cardFields as readonly string[]).includes(field)) {
        setError(field as Path<CardValues>, { type: 'server', message: keys[0] }, { shouldFocus: focus });
        focus = false;
      }
    }
  }, [serverErrors, setError]);

  const submit = handleSubmit(async (values) => {
    if (stripe) {
      const card = stripeCard.current;
      if (!card) return;
      const billing = JSON.stringify([values.holderName, values.postalCode, values.country]);
      if (stripeMethod.current?.billing !== billing) {
        const { paymentMethod, error } = await stripe.createPaymentMethod({
          type: 'card',
          card,
          billing_details: { name: values.holderName, address: { postal_code: values.postalCode, country: values.country } },
        });
        if (error || !paymentMethod) {
          setStripeError(error?.message ?? t('failure.unexpectedNoCode'));
          card.focus();
          return;
        }
        stripeMethod.current = { billing, id: paymentMethod.id };
      }
      await onPay({ country: values.country, paymentMethod: { type: 'stripe', paymentMethodId: stripeMethod.current.id } });
      return;
    }
    const { country, ...card } = values;
    await onPay({ country, paymentMethod: { type: 'card', ...card } });
  });

  const cardNumber = register('cardNumber', {
    onChange: (event: { target: HTMLInputElement }) => {
      const formatted = formatCardNumber(event.target.value);
      if (formatted !== event.target.value) setValue('cardNumber', formatted);
    },
  });
  const expiry = register('expiry', {
    onChange: (event: { target: HTMLInputElement }) => {
      const formatted = formatExpiry(event.target.value);
      if (formatted !== event.target.value) setValue('expiry', formatted);
    },
  });

  return (
    <form
      className={styles.cardForm}
      onSubmit={(event) => void submit(event)}
      onFocus={(stripe ? stripeValidation : cardValidation).preload}
      noValidate
      aria-labelledby="payment-title"
    >
      <h2 id="payment-title" className={styles.sectionTitle}>
        {t('card.title')}
      </h2>
      {stripe ? (
        <StripeCardField stripe={stripe} language={language} error={stripeError} onChange={onStripeChange} elementRef={stripeCard} />
      ) : (
        <>
          <CardNumberField brand={brand} error={fieldError('cardNumber')} field={cardNumber} />
          <div className={layout.row}>
            <TextField
              label={t('card.expiry')}
              hint={t('card.expiryHint')}
              autoComplete="cc-exp"
              inputMode="numeric"
              placeholder="MM/YY"
              maxLength={5}
              error={fieldError('expiry')}
              {...expiry}
            />
            <TextField
              label={t('card.cvc')}
              hint={brand === 'amex' ? t('card.cvcHintAmex') : t('card.cvcHint')}
              autoComplete="cc-csc"
              inputMode="numeric"
              maxLength={cvcLength(brand)}
              error={fieldError('cvc')}
              {...register('cvc')}
            />
          </div>
        </>
      )}
      <TextField label={t('card.holderName')} autoComplete="cc-name" error={fieldError('holderName')} {...register('holderName')} />
      <div className={layout.row}>
        <TextField label={t('card.postalCode')} autoComplete="postal-code" error={fieldError('postalCode')} {...register('postalCode')} />
        <CountrySelect
          label={t('card.country')}
          placeholder={t('card.chooseCountry')}
          options={countries}
          error={fieldError('country')}
          field={register('country')}
        />
      </div>
      {!stripe && <p className={styles.note}>{t('card.sandbox')}</p>}
      {children}
      {/* Busy from the first click: with Stripe the card is tokenised before the payment starts. */}
      <Button type="submit" block busy={busy || isSubmitting} busyLabel={busyLabel} disabled={disabled}>
        {payLabel}
      </Button>
      <p className={styles.secure}>{t('card.secure')}</p>
    </form>
  );
}

type Registered = ReturnType<ReturnType<typeof useForm<CardValues, unknown, CardOutput>>['register']>;

/** The card number with its brand, announced when it is recognised. */
function CardNumberField({ brand, error, field }: { brand: ReturnType<typeof cardBrand>; error: string | undefined; field: Registered }) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const brandId = `${id}-brand`;
  const describedBy = [brand && brandId, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {t('card.number')}
      </label>
      <div className={styles.cardNumber}>
        <input
          id={id}
          className={fieldStyles.control}
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...field}
        />
        <span className={styles.brand} data-brand={brand ?? undefined} aria-hidden="true">
          {brand ? t(`brands.${brand}`) : ''}
        </span>
      </div>
      <p id={brandId} className="visually-hidden" aria-live="polite">
        {brand ? t('card.brand', { brand: t(`brands.${brand}`) }) : ''}
      </p>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

function CountrySelect({
  label,
  placeholder,
  options,
  error,
  field,
}: {
  label: string;
  placeholder: string;
  options: { code: string; name: string }[];
  error: string | undefined;
  field: Registered;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select
        id={id}
        className={fieldStyles.control}
        autoComplete="country"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...field}
      >
        <option value="">{placeholder}</option>
        {options.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Stripe's card field (number, expiry, CVC in Stripe's iframe): card data never reaches Alta's server. */
function StripeCardField({
  stripe,
  language,
  error,
  onChange,
  elementRef,
}: {
  stripe: Stripe;
  language: Language;
  error: string | null;
  /** Every change of the card (a new card is a new PaymentMethod), with Stripe's message for it. */
  onChange: (message: string | null) => void;
  elementRef: RefObject<StripeCardElement | null>;
}) {
  const { t } = useTranslation('checkout');
  const id = useId();
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!host.current) return;
    const elements = stripe.elements({ locale: language });
    const card = elements.create('card', {
      hidePostalCode: true,
      style: { base: { fontSize: '16px', color: '#172121', fontFamily: 'system-ui, sans-serif' }, invalid: { color: '#a4161a' } },
    });
    card.mount(host.current);
    card.on('change', (event) => onChange(event.error?.message ?? null));
    elementRef.current = card;
    return () => {
      elementRef.current = null;
      card.destroy();
    };
  }, [stripe, language, onChange, elementRef]);

  return (
    <div className={fieldStyles.field} role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined}>
      <span id={`${id}-label`} className={fieldStyles.label}>
        {t('card.stripeCard')}
      </span>
      <div ref={host} className={[fieldStyles.control, styles.stripeCard].join(' ')} />
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
