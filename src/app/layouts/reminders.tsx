import { useState } from 'react';
import { RenewalReminder } from '@src/features/company/components/renewal-reminder';
import { readNewCompany } from '@src/features/order-popups/new-company-flag';
import { DeclarationsReminder } from '@src/features/tax-form/components/declarations-reminder';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/**
 * The reminder modals of SPEC §2, on load of the signed-in area, one at a time: none while the
 * company-created popup is due; then pending declarations; the renewals reminder only once the
 * declarations one has decided not to open.
 */
export function Reminders() {
  const language = useLanguage();
  const [newCompanyDue] = useState(() => readNewCompany() !== null);
  const [declarationsOpened, setDeclarationsOpened] = useState<boolean | null>(null);
  if (newCompanyDue) return null;
  return (
    <>
      <DeclarationsReminder language={language} onDecided={setDeclarationsOpened} />
      {declarationsOpened === false && <RenewalReminder />}
    </>
  );
}
