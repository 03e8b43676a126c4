import type { ChangeEvent, ComponentProps } from 'react';
import { useController, type Control, type FieldValues } from 'react-hook-form';
import { TextField } from '@src/components/form/text-field';
import { maskWithCaret } from '../digit-mask';

type MaskedFieldProps = Omit<ComponentProps<typeof TextField>, 'onChange' | 'onBlur' | 'value' | 'name' | 'ref'> & {
  /** The wizard form's control and the field's path in it. */
  control: Control<FieldValues>;
  name: string;
  /** Digit groups joined by dashes: [3, 2, 4] is XXX-XX-XXXX. */
  groups: readonly number[];
  missingLabel?: string;
};

/** A text field that groups digits as the visitor types or pastes (SSN/ITIN, EIN), keeping the caret in place. */
export function MaskedField({ control, name, groups, missingLabel, error, ...field }: MaskedFieldProps) {
  const { field: controlled } = useController({ control, name });
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const masked = maskWithCaret(input.value, input.selectionStart ?? input.value.length, groups);
    controlled.onChange(masked.value);
    // After React writes the masked value, put the caret back after the same digit.
    requestAnimationFrame(() => {
      if (document.activeElement === input) input.setSelectionRange(masked.caret, masked.caret);
    });
  };
  const length = groups.reduce((sum, size) => sum + size, 0) + groups.length - 1;
  return (
    <TextField
      {...field}
      name={controlled.name}
      ref={controlled.ref}
      value={String(controlled.value ?? '')}
      onChange={handleChange}
      onBlur={controlled.onBlur}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      maxLength={length}
      placeholder={groups.map((size) => 'X'.repeat(size)).join('-')}
      data-missing-label={missingLabel}
      data-missing-message={error}
    />
  );
}
