import { useParams } from 'react-router-dom';
import { RouteError } from '@src/components/route-error/route-error';
import { RenewalScreen } from '@src/features/company/components/renewal-screen';

/** A company's renewal: pay it, mark it renewed externally, or request the dissolution. */
export function Component() {
  const { id = '' } = useParams();
  // A new id is a new page: nothing of the previous company's state carries over.
  return <RenewalScreen key={id} companyId={id} />;
}

export function ErrorBoundary() {
  return <RouteError area="dashboard" />;
}
