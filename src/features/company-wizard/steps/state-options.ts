import { usStates } from '@domain/countries';

/**
 * The states as a list's options, "Wyoming (WY)", in `usStates`' order (by name). Not sorted
 * here: a first comparison in a language loads the browser's collation data, a long task on a
 * phone while the wizard opens.
 */
export const stateOptions = Object.entries(usStates).map(([code, name]) => ({ value: code, label: `${name} (${code})` }));
