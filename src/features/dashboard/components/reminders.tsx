import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { RenewalReminder } from '@src/features/company/components/renewal-reminder';
import { readNewCompany } from '@src/features/order-popups/new-company-flag';
import { DeclarationsReminder } from '@src/features/tax-form/components/declarations-reminder';

/**
 * The reminder modals of SPEC §2, on load of the signed-in area, one at a time: none while the
 * company-created popup is due; then pending declarations; the renewals reminder only once the
 * declarations one has decided not to open.
 */
export function Reminders() {
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
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
