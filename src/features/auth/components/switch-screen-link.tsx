import { Link, useParams, useSearchParams } from 'react-router-dom';
import { defaultLanguage, isLanguage } from '@domain/constants';
import { href, paths } from '@src/lib/paths';

/**
 * "No account? Create one" and its opposite: the other of login and register, keeping the query
 * (where to return afterwards, the paid order's context) so switching loses nothing.
 */
export function SwitchScreenLink({ text, link, to }: { text: string; link: string; to: 'login' | 'register' }) {
  const { lang } = useParams();
  const language = isLanguage(lang) ? lang : defaultLanguage;
  const query = useSearchParams()[0].toString();
  return (
    <>
      {text} <Link to={href(language, paths[to]) + (query ? `?${query}` : '')}>{link}</Link>
    </>
  );
}
