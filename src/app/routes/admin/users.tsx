import { useParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { RouteError } from '@src/components/route-error/route-error';
import { UsersScreen } from '@src/features/admin/components/users-screen';

/** Admin user list: search, sort, filter, login as user, companies modal, copy emails. */
export function Component() {
  const { lang } = useParams();
  return <UsersScreen language={isLanguage(lang) ? lang : defaultLanguage} />;
}

export function ErrorBoundary() {
  return <RouteError area="admin" />;
}
