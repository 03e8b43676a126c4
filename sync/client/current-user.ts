/**
 * Who was signed in last on this device (localStorage, so it survives offline reloads). Apart
 * from `db.ts` so a page can ask without loading Dexie.
 */
export const currentUserKey = 'alta.currentUser';

/** The id of the user whose database this device keeps; null after logout. */
export function currentUserId(): string | null {
  try {
    return localStorage.getItem(currentUserKey);
  } catch {
    return null;
  }
}
