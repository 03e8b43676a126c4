import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '@src/i18n/locales/en/checkout.json';
import es from '@src/i18n/locales/es/checkout.json';
import pt from '@src/i18n/locales/pt/checkout.json';
import { paidNextStep } from './payment-success-popup';

const i18n = i18next.createInstance();
await i18n.init({
  lng: 'es',
  resources: { en: { checkout: en }, es: { checkout: es }, pt: { checkout: pt } },
  ns: ['checkout'],
  defaultNS: 'checkout',
  interpolation: { escapeValue: false },
});
const say = (language: 'es' | 'en' | 'pt', userExists: boolean | null) => {
  const { key, values } = paidNextStep({ email: 'ana@example.com', userExists, companyId: null });
  return i18n.getFixedT(language, 'checkout')(key, values);
};

describe('the payment-success popup (SPEC §4: user exists, user does not exist)', () => {
  it('tells an existing account to log in with the order’s email', () => {
    expect(say('es', true)).toBe(
      'Te enviamos el recibo a ana@example.com con un enlace para añadir la empresa a tu cuenta. Inicia sesión con ese correo y abre el enlace.',
    );
    expect(say('en', true)).toBe(
      'We sent the receipt to ana@example.com with a link that adds the company to your account. Log in with that email and open the link.',
    );
    expect(say('pt', true)).toBe('Enviamos o recibo para ana@example.com com um link que adiciona a empresa à sua conta. Entre com esse e-mail e abra o link.');
  });

  it('tells a new payer to create the account with the order’s email', () => {
    expect(say('es', false)).toBe('Te enviamos el recibo a ana@example.com. Crea tu cuenta con ese correo y abre el enlace del recibo para añadir la empresa.');
    expect(say('en', false)).toBe(
      'We sent the receipt to ana@example.com. Create your account with that email, then open the link in the receipt to add the company.',
    );
    expect(say('pt', false)).toBe('Enviamos o recibo para ana@example.com. Crie sua conta com esse e-mail e abra o link do recibo para adicionar a empresa.');
  });

  it('names the dashboard when the payer’s account already owns the order', () => {
    expect(paidNextStep({ email: 'ana@example.com', userExists: true, companyId: '00000000-0000-4000-8000-000000000001' }).key).toBe('success.owned');
  });
});
