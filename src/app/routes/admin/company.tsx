import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { RouteError } from '@src/components/route-error/route-error';
import { CompanyStaffScreen } from '@src/features/admin/components/company-staff-screen';

/** A company for staff: facts, progress status, audit log. */
export function Component() {
  const { lang, id = '' } = useParams();
  return <CompanyStaffScreen key={id} companyId={id} language={isLanguage(lang) ? lang : defaultLanguage} />;
}

export function ErrorBoundary() {
  return <RouteError area="admin" />;
}
