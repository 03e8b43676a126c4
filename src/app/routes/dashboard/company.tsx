import { useParams } from 'react-router-dom';
import { RouteError } from '@src/components/route-error/route-error';
import { CompanyDetails } from '@src/features/company/components/company-details';

/** Company details: progress, data and partners, documents, services, renewal and dissolution. */
export function Component() {
  const { id = '' } = useParams();
  // A new id is a new page: nothing of the previous company's state carries over.
  return <CompanyDetails key={id} companyId={id} />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
