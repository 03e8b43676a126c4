export type DraftStore = typeof import('./draft-store');

let loaded: DraftStore | null = null;

/** The draft store's module once loaded (null before): a wizard that opens after it renders its first frame with it. */
export const loadedDraftStore = (): DraftStore | null => loaded;

/**
 * Loads the draft store (Dexie and the draft reads). A wizard's route starts it in its loader,
 * beside the route's own code, rather than the hook after the first render.
 */
export async function loadDraftStore(): Promise<DraftStore> {
  loaded ??= await import('./draft-store');
  return loaded;
}
