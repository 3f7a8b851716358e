// The mail the store under test has written (DATA_DIR/mail/*.eml when no SMTP server is set).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The mail's own headers as written (a URL in List-Unsubscribe holds 'token=3F…', which is not an escape), its parts decoded. */
function readableMail(raw: string): string {
  const headersEnd = raw.search(/\r?\n\r?\n/);
  return raw.slice(0, headersEnd) + decodeQuotedPrintable(raw.slice(headersEnd));
}

/** The text of the newest mail of `kind` to `to`, waiting for the outbox to write it. */
export async function latestMail(to: string, kind: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let found = '';
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir)
            .filter((f) => f.endsWith(`-${kind}.eml`))
            .sort();
        } catch {
          return false;
        }
        for (const file of files.reverse()) {
          const text = readableMail(readFileSync(path.join(dir, file), 'utf8'));
          if (text.toLowerCase().includes(`to: ${to.toLowerCase()}`)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a ${kind} mail to ${to}` },
    )
    .toBe(true);
  return found;
}

/** The URL after "label: " in a mail's text part. */
export function linkIn(mail: string, label: string): string {
  const match = mail.match(new RegExp(`${label}: (\\S+)`));
  if (!match) throw new Error(`No "${label}" link in mail`);
  return match[1];
}

/** How many mails of `kind` to `to` the store has written so far (no waiting: pair it with latestMail). */
export function mailCount(to: string, kind: string): number {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(`-${kind}.eml`));
  } catch {
    return 0;
  }
  return files.filter((file) =>
    readableMail(readFileSync(path.join(dir, file), 'utf8'))
      .toLowerCase()
      .includes(`to: ${to.toLowerCase()}`),
  ).length;
}
