/**
 * The OCR engine's files Alta serves itself from `/ocr/<version>/` (never a CDN): tesseract.js's
 * worker script, its WebAssembly core and the language data of the three languages Alta speaks,
 * in the smaller integer LSTM models (`4.0.0_best_int`, decision 067).
 */
export const ocrLanguages = ['spa', 'eng', 'por'] as const;
export const ocrModel = '4.0.0_best_int';
