// The development transport of every channel: each message becomes a text file under
// DATA_DIR/messages/<channel>/ (like the mail's .eml files), where a newcomer and the tests can read it.
// Never on a public SITE_URL (the env schema refuses it there).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { dataDir } from '../../db/client';
import type { MessageChannel } from './templates';
import type { MessageTransport, OutgoingMessage } from './transport';

const messagesDir = (channel: MessageChannel) => path.join(dataDir(), 'messages', channel);

/** The file a message is written to: its row id, zero-padded, and its template. */
export const messageFile = (message: Pick<OutgoingMessage, 'id' | 'channel' | 'template'>) =>
  path.join(messagesDir(message.channel), `${String(message.id).padStart(6, '0')}-${message.template}.txt`);

export function fileTransport(channel: MessageChannel): MessageTransport {
  return {
    channel,
    name: 'file',
    async send(message) {
      const file = messageFile(message);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(
        file,
        `Channel: ${message.channel}\nTo: +${message.to}\nTemplate: ${message.template}\n\n${message.body}\n`,
      );
      console.info(
        `${channel === 'sms' ? 'SMS' : 'WhatsApp'} ${message.template} to +${message.to} written to ${file}`,
      );
      return { providerMessageId: `file:${path.basename(file)}` };
    },
  };
}
