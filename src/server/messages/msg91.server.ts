// SMS through MSG91's Flow API with DLT templates (TRAI: every commercial SMS in India goes out under a
// registered sender id and template): POST https://control.msg91.com/api/v5/flow/ with the auth key in the
// authkey header. Each template (templates.ts) is registered on DLT with its variables, added on MSG91 with
// that DLT template id, and its MSG91 template id set in the configuration (MSG91_*_TEMPLATE_ID). MSG91
// answers 200 with {"type":"error"} for many refusals. Tested against recorded shapes (tests/fixtures/msg91/).
import { z } from 'zod';
import { templateVariables, templateValues, type TemplateName } from './templates';
import { type Fetch, type MessageTransport, refusedForGood, SendRefused } from './transport';

export const MSG91_FLOW_API = 'https://control.msg91.com/api/v5/flow/';

export interface Msg91Settings {
  authKey: string;
  senderId: string;
  /** The MSG91 template id of each SMS template the store sends. */
  templateIds: Partial<Record<TemplateName, string>>;
  fetch?: Fetch;
}

const answer = z.object({ type: z.enum(['success', 'error']), message: z.string() });

/** MSG91's words for refusals that no retry mends. */
const REFUSED_FOR_GOOD = /auth|template|mobile|sender|dlt|blocked|invalid/i;

export function msg91Transport(settings: Msg91Settings): MessageTransport {
  const send = settings.fetch ?? fetch;
  return {
    channel: 'sms',
    name: 'msg91',
    sends: (template) => Boolean(settings.templateIds[template]),
    async send(message, signal) {
      const templateId = settings.templateIds[message.template];
      if (!templateId) throw new SendRefused(`No MSG91 template id is configured for ${message.template}.`);
      const values = templateValues(message.template, message.params);
      const variables = Object.fromEntries(templateVariables(message.template).map((name, i) => [name, values[i]]));
      const response = await send(MSG91_FLOW_API, {
        method: 'POST',
        headers: { authkey: settings.authKey, accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          template_id: templateId,
          sender: settings.senderId,
          short_url: '0',
          recipients: [{ mobiles: message.to, ...variables }],
        }),
        signal,
      });
      const parsed = answer.safeParse(await response.json().catch(() => null));
      if (response.ok && parsed.success && parsed.data.type === 'success')
        return { providerMessageId: parsed.data.message };
      const why = parsed.success
        ? `MSG91 refused the SMS (${response.status}): ${parsed.data.message}`
        : `MSG91 answered ${response.status}.`;
      if (refusedForGood(response.status) || (parsed.success && REFUSED_FOR_GOOD.test(parsed.data.message)))
        throw new SendRefused(why);
      throw new Error(why);
    },
  };
}
