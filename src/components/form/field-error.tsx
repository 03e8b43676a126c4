import styles from './field.module.css';

/** A field's error under it; its id is what the field's `aria-describedby` names. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className={styles.error}>
      {error}
    </p>
  );
}
