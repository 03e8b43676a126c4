import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ParsedMail {
  header(name: string): string;
  /** The decoded text/plain part ('' when there is none). */
  text: string;
}

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const decodeWords = (value: string) =>
  value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

function decodePart(head: string, content: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(content);
  if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(content, 'base64').toString('utf8');
  return content;
}

/** Reads a mail as nodemailer writes it (multipart/alternative or single part): enough for tests to read headers and the text. */
export function parseMail(raw: string): ParsedMail {
  const normalized = raw.replace(/\r?\n/g, '\r\n');
  const split = normalized.indexOf('\r\n\r\n');
  const head = normalized.slice(0, split);
  const body = normalized.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  let text = '';
  if (boundary) {
    for (const part of body.split(`--${boundary}`).slice(1, -1)) {
      const trimmed = part.replace(/^\r\n/, '');
      const at = trimmed.indexOf('\r\n\r\n');
      const partHead = trimmed.slice(0, at);
      if (/content-type:\s*text\/plain/i.test(partHead)) text = decodePart(partHead, trimmed.slice(at + 4).replace(/\r\n$/, ''));
    }
  } else if (/text\/plain/i.test(headers.get('content-type') ?? 'text/plain')) {
    text = decodePart(head, body);
  }
  return { header: (name) => decodeWords(headers.get(name.toLowerCase()) ?? ''), text };
}

/** The `.eml` files in `dir` (none when it does not exist yet), oldest first. */
export async function readOutbox(dir: string): Promise<ParsedMail[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (name) => parseMail(await readFile(path.join(dir, name), 'utf8'))));
}

/** The 6-digit security code of a reset mail: the paragraph that is only the code. */
export const securityCode = (text: string) => /(?:^|\n)(\d{6})\r?(?:\n|$)/.exec(text)?.[1];
