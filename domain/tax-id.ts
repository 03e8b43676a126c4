/**
 * SSN/ITIN as the API and the owner's copy of a return show it: only the last four digits.
 * Its own module so the PDF worker does not load the company schemas to mask a number.
 */
export const maskTaxId = (taxId: string | null | undefined) => (taxId ? `***-**-${taxId.slice(-4)}` : null);
