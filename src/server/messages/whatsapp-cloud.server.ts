// WhatsApp through Meta's WhatsApp Business Cloud API: template messages (the only kind a business may
// start a conversation with), POST https://graph.facebook.com/v21.0/<phone-number-id>/messages with the
// system user's bearer token. The templates (templates.ts) are approved on the WhatsApp Manager under the
// same names, their variables as {{1}}, {{2}} … in the body. Tested against recorded shapes
// (tests/fixtures/whatsapp/) with an injected fetch.
import { z } from 'zod';
import { templateValues } from './templates';
import { type Fetch, type MessageTransport, refusedForGood, SendRefused } from './transport';

export const WHATSAPP_GRAPH_API = 'https://graph.facebook.com/v21.0';

export interface WhatsappCloudSettings {
  token: string;
  phoneNumberId: string;
  /** The language the templates were approved in (en, en_US, hi …). */
  language: string;
  fetch?: Fetch;
}

const accepted = z.object({
  messaging_product: z.literal('whatsapp'),
  messages: z.array(z.object({ id: z.string().min(1) })).min(1),
});
const failure = z.object({
  error: z.object({ message: z.string(), code: z.number().optional(), error_subcode: z.number().optional() }),
});

/** Graph API error codes that say "later" rather than "never" (rate limits, a temporary fault). */
const TRY_AGAIN_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131048, 131056, 133004]);

export function whatsappCloudTransport(settings: WhatsappCloudSettings): MessageTransport {
  const send = settings.fetch ?? fetch;
  return {
    channel: 'whatsapp',
    name: 'cloud',
    async send(message, signal) {
      const response = await send(`${WHATSAPP_GRAPH_API}/${settings.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          to: message.to,
          type: 'template',
          template: {
            name: message.template,
            language: { code: settings.language },
            components: [
              {
                type: 'body',
                parameters: templateValues(message.template, message.params).map((text) => ({ type: 'text', text })),
              },
            ],
          },
        }),
        signal,
      });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok) {
        const ok = accepted.safeParse(body);
        if (ok.success) return { providerMessageId: ok.data.messages[0].id };
        throw new Error(`WhatsApp answered ${response.status} without a message id.`);
      }
      const error = failure.safeParse(body);
      const why = error.success
        ? `WhatsApp refused the message (${error.data.error.code ?? response.status}): ${error.data.error.message}`
        : `WhatsApp answered ${response.status}.`;
      const code = error.success ? error.data.error.code : undefined;
      if (refusedForGood(response.status) && !(code !== undefined && TRY_AGAIN_CODES.has(code)))
        throw new SendRefused(why);
      throw new Error(why);
    },
  };
}
