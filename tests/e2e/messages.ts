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

/** Every message written so far on `channel` to `mobile` (91 and ten digits), oldest first (files are named by
 * the queue's row id): no waiting. */
export function messagesTo(channel: 'whatsapp' | 'sms', mobile: string): { template: string; text: string }[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'messages', channel);
  let files: string[] = [];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.txt'))
      .sort();
  } catch {
    return [];
  }
  return files
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .map((text) => ({ template: text.match(/^Template: (\w+)$/m)?.[1] ?? '', text }))
    .filter((m) => m.text.includes(`To: +${mobile}\n`));
}

/** The newest message of `template` to `mobile` (91 and ten digits), waiting for the job to write it. */
export async function latestMessage(channel: 'whatsapp' | 'sms', template: string, mobile: string): Promise<string> {
  let found = '';
  await expect
    .poll(
      () => {
        found = messagesTo(channel, mobile).findLast((m) => m.template === template)?.text ?? '';
        return Boolean(found);
      },
      { timeout: 20_000, message: `a ${channel} ${template} message to +${mobile}` },
    )
    .toBe(true);
  return found;
}
