import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldError } from '@src/components/form/field-error';
import fieldStyles from '@src/components/form/field.module.css';
import styles from '../wizard.module.css';

export interface Choice {
  value: string;
  /** The radio's accessible name: short and exact (e.g. "LLC", a plan's name). */
  label: string;
  /** Read after the name (aria-describedby): what the choice means, its price. */
  description?: ReactNode;
  /** A badge beside the name ("Most popular", "Save 15%"), also read as description. */
  badge?: ReactNode;
}

interface ChoiceGroupProps {
  legend: ReactNode;
  /** Shown as the legend is for sighted users; false keeps the legend for screen readers only. */
  showLegend?: boolean;
  hint?: ReactNode;
  choices: readonly Choice[];
  /** `register(name)` of react-hook-form: name, onChange, onBlur and ref for every radio. */
  input: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'> & { ref?: Ref<HTMLInputElement> };
  error?: string;
  layout?: 'cards' | 'list' | 'inline' | 'plans';
}

/**
 * Radios shown as cards (company type, plan, billing, processing speed): a fieldset whose
 * legend names the question, arrow keys move between choices, and the error is tied to
 * every radio (read through aria-describedby; `data-invalid`, as ARIA has no invalid radio)
 * so the missing-fields popup finds the group.
 */
export function ChoiceGroup({ legend, showLegend = true, hint, choices, input, error, layout = 'cards' }: ChoiceGroupProps) {
  const id = useId();
  const legendText = typeof legend === 'string' ? legend : undefined;
  return (
    <fieldset className={styles.choiceGroup} aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className={showLegend ? styles.legend : 'visually-hidden'}>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className={fieldStyles.hint}>
          {hint}
        </p>
      )}
      <div className={styles[`choices-${layout}`]}>
        {choices.map((choice, index) => {
          const choiceId = `${id}-${index}`;
          const described = [choice.badge && `${choiceId}-badge`, choice.description && `${choiceId}-description`, error && `${id}-error`]
            .filter(Boolean)
            .join(' ');
          return (
            <div key={choice.value} className={styles.choice}>
              <input
                {...input}
                id={choiceId}
                type="radio"
                value={choice.value}
                className={styles.choiceInput}
                aria-describedby={described || undefined}
                data-invalid={error ? true : undefined}
                data-missing-label={legendText}
                data-missing-message={error}
              />
              {/* Only the name is in the label, so the radio's accessible name stays exact; the
                  label's overlay makes the whole card clickable. */}
              <label htmlFor={choiceId} className={styles.choiceLabel}>
                {choice.label}
              </label>
              {choice.badge && (
                <span id={`${choiceId}-badge`} className={styles.badge}>
                  {choice.badge}
                </span>
              )}
              {choice.description && (
                <div id={`${choiceId}-description`} className={styles.choiceDescription}>
                  {choice.description}
                </div>
              )}
            </div>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
