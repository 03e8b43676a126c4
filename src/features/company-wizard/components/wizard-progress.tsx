import { useTranslation } from 'react-i18next';
import styles from '../wizard.module.css';

interface WizardProgressProps {
  /** The steps' names, in order. */
  names: readonly string[];
  /** 0-based index of the step on screen. */
  current: number;
  /** Goes back to a completed step (never forward: a step is reached by completing the one before). */
  onGoTo: (index: number) => void;
}

/** "Step n of N" with one segment per step; completed steps are buttons that lead back to them. */
export function WizardProgress({ names, current, onGoTo }: WizardProgressProps) {
  const { t } = useTranslation('wizard');
  return (
    <nav className={styles.progress} aria-label={t('progress.label')}>
      <p className={styles.progressText}>{t('progress.stepOf', { current: current + 1, total: names.length })}</p>
      <ol className={styles.progressSteps}>
        {names.map((name, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
          const content = (
            <>
              <span className={styles.progressBar} aria-hidden="true" />
              <span className={styles.progressName} aria-hidden="true">
                {name}
              </span>
            </>
          );
          const label = t(state === 'done' ? 'progress.goTo' : state === 'current' ? 'progress.current' : 'progress.upcoming', { number: index + 1, name });
          return (
            <li key={name} className={styles.progressStep} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              {state === 'done' ? (
                <button type="button" className={styles.progressButton} aria-label={label} onClick={() => onGoTo(index)}>
                  {content}
                </button>
              ) : (
                <span className={styles.progressItem} aria-label={label} role="img">
                  {content}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
