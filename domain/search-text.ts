/**
 * Text as every search of Alta compares it (the activity codes, the mail, the books). Apart
 * from `text.ts` and its schemas, so a screen that searches does not load zod (decision 078).
 */

/** Text as searches compare it: accents and other marks removed, lower case (`Ñandú` → `nandu`). */
export const foldForSearch = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
