/** The build-time variables the client reads (README, "Configuration"); Vite's own are typed by `vite/client`. */
interface ImportMetaEnv {
  /** The API's base address, when the client is served apart from the API. */
  readonly VITE_API_URL?: string;
}

/** The receipt reader's files (scripts/ocr-assets-plugin.ts, decision 067). */
declare module 'virtual:alta-ocr' {
  /** The folder Alta serves them from, `/ocr/<hash>/`. */
  export const ocrBase: string;
  /** What the first use downloads, in bytes. */
  export const ocrDownloadBytes: number;
}
