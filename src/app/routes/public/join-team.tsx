import { RouteError } from '@src/components/route-error/route-error';
import { MailedLinkPage } from '@src/features/email-proof/components/mailed-link-page';

export function Component() {
  return <MailedLinkPage kind="teammate" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
