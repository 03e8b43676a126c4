import { useTranslation } from 'react-i18next';
import styles from './top-bar.module.css';

/** Opens the side drawer whose id is `controls`. */
export function MenuButton({ expanded, controls, onClick, className }: { expanded: boolean; controls: string; onClick: () => void; className?: string }) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className={[styles.menu, className].filter(Boolean).join(' ')}
      aria-haspopup="dialog"
      aria-controls={controls}
      aria-expanded={expanded}
      onClick={onClick}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 7h16M4 12h16M4 17h16" />
      </svg>
      <span className="visually-hidden">{t('drawer.open')}</span>
    </button>
  );
}
