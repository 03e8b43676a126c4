import { Link, useSearchParams } from 'react-router-dom';
import { href, paths } from '@src/lib/paths';
import { useLanguage } from '@src/features/public-site/hooks/use-language';

/**
 * "No account? Create one" and its opposite: the other of login and register, keeping the query
 * (where to return afterwards, the paid order's context) so switching loses nothing.
 */
export function SwitchScreenLink({ text, link, to }: { text: string; link: string; to: 'login' | 'register' }) {
  const language = useLanguage();
  const query = useSearchParams()[0].toString();
  return (
    <>
      {text} <Link to={href(language, paths[to]) + (query ? `?${query}` : '')}>{link}</Link>
    </>
  );
}
