import { useTranslation } from 'react-i18next';
import { Popup } from '@src/components/popup/popup';
import type { MissingField } from '@src/components/form/missing-fields';
import styles from '../wizard.module.css';

/**
 * The SPEC §2 missing-fields popup: what the step still needs, listed by label. It closes
 * on a click, Escape, or after 3000 ms (SPEC §4); the wizard then focuses the first field.
 * A refusal (SPEC §1: no digital banking for that residence) is not missing data: it gets
 * its own title.
 */
export function MissingFieldsPopup({ fields, refusal, onClose }: { fields: readonly MissingField[] | null; refusal: boolean; onClose: () => void }) {
  const { t } = useTranslation('wizard');
  return (
    <Popup open={fields !== null && fields.length > 0} onClose={onClose} tone="warning" title={t(refusal ? 'missing.refusedTitle' : 'missing.title')}>
      <p>{t(refusal ? 'missing.refusedIntro' : 'missing.intro')}</p>
      <ul className={styles.missingList}>
        {fields?.map((field) => (
          <li key={field.key}>
            <strong>{field.label}</strong>
            {field.message && `: ${field.message}`}
          </li>
        ))}
      </ul>
    </Popup>
  );
}
