// Which transport each channel sends through (WHATSAPP_PROVIDER, SMS_PROVIDER in src/server/config/env.server.ts):
// the provider's adapter with the configured keys, the development file transport, or none (off: nothing
// is queued for that channel; the mail still goes).
import { env } from '../config/env.server';
import { fileTransport } from './file-transport.server';
import { msg91Transport } from './msg91.server';
import { MESSAGE_TEMPLATES, type MessageChannel, type TemplateName } from './templates';
import type { MessageTransport } from './transport';
import { whatsappCloudTransport } from './whatsapp-cloud.server';

const configured = new Map<MessageChannel, MessageTransport | null>();

function make(channel: MessageChannel): MessageTransport | null {
  const config = env();
  if (channel === 'whatsapp') {
    if (config.WHATSAPP_PROVIDER === 'cloud')
      return whatsappCloudTransport({
        token: config.WHATSAPP_TOKEN!,
        phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID!,
        language: config.WHATSAPP_TEMPLATE_LANGUAGE,
      });
    return config.WHATSAPP_PROVIDER === 'file' ? fileTransport('whatsapp') : null;
  }
  if (config.SMS_PROVIDER === 'msg91')
    return msg91Transport({
      authKey: config.MSG91_AUTH_KEY!,
      senderId: config.MSG91_SENDER_ID!,
      templateIds: {
        cod_confirmation: config.MSG91_COD_CONFIRMATION_TEMPLATE_ID,
        sign_in_code: config.MSG91_SIGN_IN_CODE_TEMPLATE_ID,
      },
    });
  return config.SMS_PROVIDER === 'file' ? fileTransport('sms') : null;
}

/** The channel's transport, or null when the channel is off. */
export function channelTransport(channel: MessageChannel): MessageTransport | null {
  if (!configured.has(channel)) configured.set(channel, make(channel));
  return configured.get(channel) ?? null;
}

/** Whether `template` can be sent now: its channel is on and its provider knows the template. */
export function templateSendable(template: TemplateName): boolean {
  const transport = channelTransport(MESSAGE_TEMPLATES[template].channel);
  return transport !== null && (transport.sends?.(template) ?? true);
}

/** For tests: a stand-in transport for a channel (undefined: back to the configured one). */
export function setChannelTransport(channel: MessageChannel, transport?: MessageTransport | null) {
  if (transport === undefined) configured.delete(channel);
  else configured.set(channel, transport);
}
