/** The build-time variables the client reads (README, "Configuration"); Vite's own are typed by `vite/client`. */
interface ImportMetaEnv {
  /** The API's base address, when the client is served apart from the API. */
  readonly VITE_API_URL?: string;
}
