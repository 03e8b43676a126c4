import { useId, type ReactNode } from 'react';

/**
 * A label and its control tied by id. A label wrapping a select would add the selected
 * option's text to the control's accessible name ("Category All categories").
 */
export function Field({ label, className, labelClassName, children }: { label: string; className: string | undefined; labelClassName?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}
