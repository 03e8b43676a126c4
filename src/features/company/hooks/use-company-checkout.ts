import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { OrderFlow } from '@domain/checkout';
import type { CompanyType } from '@domain/company';
import type { Language } from '@domain/constants';
import type { CompanyOrderInput } from '@domain/renewal';
import { writeCheckoutHandoff } from '@src/features/plans/checkout-handoff';
import { useCurrentUser } from '@src/features/session/session-store';
import { href, paths } from '@src/lib/paths';
import { placeCompanyOrder } from '../api/company-api';

const flowOf = (type: CompanyType, migrated: boolean): OrderFlow =>
  type === 'Cross Border Crypto' ? 'crossBorderCrypto' : migrated ? 'migrateCompany' : 'createCompany';

/**
 * Pays for something on an existing company through the existing checkout (SPEC §3 payment
 * state `paymentType` renewal, dissolution or additionalService): the server places the order,
 * the hand-off carries its checkout token, and the checkout page takes the card.
 */
export function useCompanyCheckout(company: { id: string; name: string; type: CompanyType; migrated: boolean }, language: Language) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const pay = useCallback(
    async (input: CompanyOrderInput) => {
      setBusy(true);
      setError(null);
      try {
        const order = await placeCompanyOrder(company.id, input);
        writeCheckoutHandoff({
          orderId: order.orderId,
          checkoutToken: order.checkoutToken,
          orderNumber: order.orderNumber,
          flow: flowOf(company.type, company.migrated),
          expiresAt: order.expiresAt,
          quote: order.quote,
          companyName: company.name,
          email: user?.email ?? '',
          firstName: user?.firstName ?? '',
          lastName: user?.lastName ?? '',
          phone: null,
          phoneCountry: null,
          draftId: null,
          newCompany: false,
          createdAt: new Date().toISOString(),
        });
        void navigate(href(language, paths.checkout(order.orderId)));
      } catch (caught) {
        setError(caught);
        setBusy(false);
      }
    },
    [company, language, navigate, user],
  );

  return { pay, busy, error };
}
