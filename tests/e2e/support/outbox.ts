import { readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { parseMail, securityCode, type ParsedMail } from '../../../server/test/eml';

/**
 * The test server (serve.mjs) writes mails as `.eml` files in the `mail` folder of its `alta-e2e-…` data folder under the system tmp. Several
 * runs may exist at once, so mails are found by their recipient: every test uses a unique address.
 */
async function mailsTo(address: string, since: number): Promise<ParsedMail[]> {
  const found: { at: number; mail: ParsedMail }[] = [];
  const runs = (await readdir(tmpdir())).filter((name) => name.startsWith('alta-e2e-'));
  for (const run of runs) {
    const dir = path.join(tmpdir(), run, 'mail');
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
    } catch {
      continue;
    }
    for (const name of names) {
      const file = path.join(dir, name);
      const { mtimeMs } = await stat(file);
      if (mtimeMs < since) continue;
      const mail = parseMail(await readFile(file, 'utf8'));
      if (mail.header('to') === address) found.push({ at: mtimeMs, mail });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((entry) => entry.mail);
}

/** Waits for the reset mail sent to `address` after `since` (ms since epoch) and returns its 6-digit code. */
export async function readResetCode(address: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(address, since - 1000);
        code = mails.map((mail) => securityCode(mail.text)).findLast((candidate) => candidate !== undefined);
        return code;
      },
      { timeout: 15_000, message: `a reset code mailed to ${address}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Waits for a mail to `address` sent after `since` that carries a link to `page` (`claim` in
 * the receipt, `verify-email` in the welcome mail, `join-team` in a teammate invitation) and
 * returns that link's path and fragment.
 */
export async function readMailedLink(address: string, since: number, page: 'claim' | 'verify-email' | 'join-team'): Promise<string> {
  const pattern = new RegExp(`https?://[^/\\s]+(/[a-z]{2}/${page}#[\\w.-]+)`);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(address, since - 1000);
        link = mails.map((mail) => pattern.exec(mail.text)?.[1]).findLast((candidate) => candidate !== undefined);
        return link;
      },
      { timeout: 15_000, message: `a ${page} link mailed to ${address}` },
    )
    .toMatch(new RegExp(`^/[a-z]{2}/${page}#`));
  return link!;
}
