import { useTranslation } from 'react-i18next';
import { Popup } from '@src/components/popup/popup';
import styles from '../wizard.module.css';

export interface MissingField {
  key: string;
  label: string;
  message: string | null;
  /** Focused when the popup closes (the first item's). */
  target: HTMLElement;
}

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

/**
 * The step's invalid fields in page order, from what the fields themselves render:
 * `aria-invalid` (or `data-invalid` for a total that is not an input), their label (or
 * `data-missing-label` where the label alone is ambiguous) and their error message (the
 * error element they are described by, or `data-missing-message`).
 * Radios of one group count once.
 */
export function collectMissingFields(container: HTMLElement | null): MissingField[] {
  if (!container) return [];
  const seen = new Set<string>();
  const fields: MissingField[] = [];
  for (const element of container.querySelectorAll<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]')) {
    const key = element.getAttribute('name') ?? element.id;
    if (seen.has(key)) continue;
    seen.add(key);
    const labels = (element as HTMLInputElement).labels;
    const label = element.dataset.missingLabel ?? labels?.[0]?.textContent ?? element.closest('fieldset')?.querySelector('legend')?.textContent ?? '';
    fields.push({ key, label: label.trim(), message: element.dataset.missingMessage ?? errorTextOf(element), target: element });
  }
  return fields;
}

/** The text of the error a field points to through `aria-describedby` (the `<id>-error` element of the form fields). */
function errorTextOf(element: HTMLElement): string | null {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  const errorId = ids.find((id) => id.endsWith('-error'));
  return (errorId && element.ownerDocument.getElementById(errorId)?.textContent) || null;
}
