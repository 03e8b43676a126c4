import { RouteError } from '@src/components/route-error/route-error';
import { ComingSoonScreen } from '../../coming-soon-screen';

/** One blog article (built with the public site). */
export function Component() {
  return <ComingSoonScreen screen="blogArticle" area="public" />;
}

export function ErrorBoundary() {
  return <RouteError area="public" />;
}
