/** What `main.tsx` asks a route (its module's `handle`) before it hydrates the page pre-rendered for it. */
export interface PageHandle {
  /** Whether the pre-rendered page is what the route shows this visitor (when left out, it is). */
  hydrates?: () => boolean;
}
