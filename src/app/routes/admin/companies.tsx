import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { RouteError } from '@src/components/route-error/route-error';
import { CompaniesScreen } from '@src/features/admin/components/companies-screen';

/** Admin company list: search, sort, status filter. */
export function Component() {
  const { lang } = useParams();
  return <CompaniesScreen language={isLanguage(lang) ? lang : defaultLanguage} />;
}

export function ErrorBoundary() {
  return <RouteError area="admin" />;
}
