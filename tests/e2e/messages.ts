// The SMS and WhatsApp messages the store under test has written (DATA_DIR/messages/<channel>/*.txt, the
// development transport of src/server/messages).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** How many messages the store has written on `channel` so far. */
export function messageCount(channel: 'whatsapp' | 'sms'): number {
  try {
    return readdirSync(path.join(process.env.E2E_DATA_DIR!, 'messages', channel)).filter((f) => f.endsWith('.txt'))
      .length;
  } catch {
    return 0;
  }
}

/** The newest message of `template` to `mobile` (91 and ten digits), waiting for the job to write it. */
export async function latestMessage(channel: 'whatsapp' | 'sms', template: string, mobile: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'messages', channel);
  let found = '';
  await expect
    .poll(
      () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir)
            .filter((f) => f.endsWith(`-${template}.txt`))
            .sort()
            .reverse();
        } catch {
          return false;
        }
        const text = files
          .map((f) => readFileSync(path.join(dir, f), 'utf8'))
          .find((t) => t.includes(`To: +${mobile}\n`));
        found = text ?? '';
        return Boolean(text);
      },
      { timeout: 20_000, message: `a ${channel} ${template} message to +${mobile}` },
    )
    .toBe(true);
  return found;
}
