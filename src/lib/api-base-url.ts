/** Where Alta's API answers; a module of its own so a page without the app can call it without the client. */
export const apiBaseUrl = import.meta.env.VITE_API_URL ?? '/api/v1';
