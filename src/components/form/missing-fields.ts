// What a form step still needs, read from the fields the step renders: shared by the company
// wizard, the KYB and the tax form (their missing-fields popup and first-error focus).

export interface MissingField {
  key: string;
  label: string;
  message: string | null;
  /** Focused when the popup closes (the first item's). */
  target: HTMLElement;
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
