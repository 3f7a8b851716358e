// The WhatsApp Business Cloud API and MSG91 adapters against recorded shapes of the real APIs
// (tests/fixtures/whatsapp, tests/fixtures/msg91): what they send, what they read back, and which
// answers fail a message for good (no retry) or are retried. The network is never used: fetch is injected.
import { describe, expect, it } from 'vitest';
import msg91 from '../../../tests/fixtures/msg91/flow.json';
import whatsapp from '../../../tests/fixtures/whatsapp/send-template.json';
import { msg91Transport } from './msg91.server';
import { MESSAGE_TEMPLATES, renderTemplate, type TemplateName, templateVariables } from './templates';
import { type Fetch, type OutgoingMessage, SendRefused } from './transport';
import { whatsappCloudTransport } from './whatsapp-cloud.server';

/** A fetch that records each call and answers with `answer`. */
function recorded(answer: { status: number; body: unknown }) {
  const calls: { url: string; method?: string; headers: Record<string, string>; body: unknown }[] = [];
  const fetch: Fetch = async (url, init) => {
    calls.push({
      url,
      method: init.method,
      headers: init.headers as Record<string, string>,
      body: JSON.parse(String(init.body)),
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, calls };
}

const shipped = {
  orderNumber: 'VED-2026-000123',
  courier: 'Delhivery',
  trackingNumber: 'DL123456789',
  link: 'https://www.delhivery.com/track-v2/package/DL123456789',
};
const whatsappMessage: OutgoingMessage = {
  id: 7,
  channel: 'whatsapp',
  template: 'order_shipped',
  to: '919812345670',
  params: shipped,
  body: renderTemplate('order_shipped', shipped),
};
const confirmation = {
  orderNumber: 'VED-2026-000123',
  total: '₹499',
  link: 'http://localhost:4321/order/VED-2026-000123?token=abc#confirm-order',
  instead: 'Pay online there, save ₹25.',
};
const smsMessage: OutgoingMessage = {
  id: 8,
  channel: 'sms',
  template: 'cod_confirmation',
  to: '919812345670',
  params: confirmation,
  body: renderTemplate('cod_confirmation', confirmation),
};
const signal = new AbortController().signal;

const cloud = (fetch: Fetch) =>
  whatsappCloudTransport({
    token: 'EAAJB-test-token-0123456789',
    phoneNumberId: '106540352242922',
    language: 'en',
    fetch,
  });
const flow = (fetch: Fetch) =>
  msg91Transport({
    authKey: '412345AbCdEfGh6543a1b2P1',
    senderId: 'VEDARA',
    templateIds: { cod_confirmation: '6561c0a3d6fc05297d4b1a52' },
    fetch,
  });

describe('the WhatsApp Business Cloud API adapter', () => {
  it('sends the template with its variables in order, with the bearer token, and keeps the wamid', async () => {
    const { fetch, calls } = recorded(whatsapp.accepted);
    expect(await cloud(fetch).send(whatsappMessage, signal)).toEqual({
      providerMessageId: whatsapp.accepted.body.messages[0].id,
    });
    expect(calls).toEqual([whatsapp.request]);
  });

  it('fails for good on an expired token or a template Meta does not know; retries a rate limit or a fault', async () => {
    for (const answer of [whatsapp.expiredToken, whatsapp.templateMissing]) {
      const error = await cloud(recorded(answer).fetch)
        .send(whatsappMessage, signal)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SendRefused);
      expect((error as Error).message).toContain(String(answer.body.error.code));
    }
    for (const answer of [whatsapp.rateLimited, whatsapp.serverError]) {
      const error = await cloud(recorded(answer).fetch)
        .send(whatsappMessage, signal)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(SendRefused);
    }
  });

  it('sends a marketing template with the signed stop link as its last parameter', async () => {
    const { fetch, calls } = recorded(whatsapp.accepted);
    const [name, products, date, link, stop] = whatsapp.marketingRequest.body.template.components[0].parameters.map(
      (p) => p.text,
    );
    const params = { name, products, date, link, stop };
    await cloud(fetch).send(
      { ...whatsappMessage, template: 'refill_reminder', params, body: renderTemplate('refill_reminder', params) },
      signal,
    );
    expect(calls).toEqual([whatsapp.marketingRequest]);
  });

  it('puts each variable on one line (WhatsApp refuses newlines inside a variable)', async () => {
    const { fetch, calls } = recorded(whatsapp.accepted);
    const params = { ...shipped, courier: 'Blue\n  Dart' };
    await cloud(fetch).send({ ...whatsappMessage, params }, signal);
    const body = calls[0].body as { template: { components: { parameters: { text: string }[] }[] } };
    expect(body.template.components[0].parameters[1].text).toBe('Blue Dart');
  });
});

describe('the MSG91 Flow adapter', () => {
  it('sends the DLT template with the sender id and named variables, with the auth key, and keeps the request id', async () => {
    const { fetch, calls } = recorded(msg91.accepted);
    expect(await flow(fetch).send(smsMessage, signal)).toEqual({ providerMessageId: msg91.accepted.body.message });
    expect(calls).toEqual([msg91.request]);
  });

  it('reads a 200 with type error as a refusal; a busy server is retried', async () => {
    for (const answer of [msg91.invalidAuthkey, msg91.invalidTemplate]) {
      const error = await flow(recorded(answer).fetch)
        .send(smsMessage, signal)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SendRefused);
      expect((error as Error).message).toContain(answer.body.message);
    }
    const busy = await flow(recorded(msg91.serverBusy).fetch)
      .send(smsMessage, signal)
      .catch((e: unknown) => e);
    expect(busy).not.toBeInstanceOf(SendRefused);
  });

  it('refuses a template without a configured MSG91 id, without calling MSG91', async () => {
    const { fetch, calls } = recorded(msg91.accepted);
    const transport = msg91Transport({ authKey: 'k'.repeat(12), senderId: 'VEDARA', templateIds: {}, fetch });
    await expect(transport.send(smsMessage, signal)).rejects.toBeInstanceOf(SendRefused);
    expect(calls).toEqual([]);
  });
});

describe('the templates', () => {
  it('give every marketing message the one-tap stop link, and no service message one', () => {
    const templates = Object.entries(MESSAGE_TEMPLATES) as [TemplateName, { marketing?: true }][];
    const marketing = templates.filter(([, t]) => t.marketing).map(([name]) => name);
    expect(marketing).toContain('refill_reminder');
    for (const [name, template] of templates)
      expect(templateVariables(name).includes('stop'), name).toBe(Boolean(template.marketing));
    expect(
      renderTemplate('refill_reminder', {
        name: 'Meera',
        products: 'Triphala',
        date: '9 Jan 2027',
        link: 'L',
        stop: 'S',
      }),
    ).toBe(
      'Namaste Meera, your Triphala will run out around 9 Jan 2027. Reorder the same plan in one tap: L To stop reminders and offers on WhatsApp and SMS, open S and press Stop.',
    );
  });

  it('name their variables in the providers’ order and render what the customer reads', () => {
    expect(templateVariables('cod_confirmation')).toEqual(['orderNumber', 'total', 'link', 'instead']);
    expect(smsMessage.body).toBe(
      'Vedara Ayurveda: confirm your cash-on-delivery order VED-2026-000123 of ₹499 here: http://localhost:4321/order/VED-2026-000123?token=abc#confirm-order Pay online there, save ₹25.',
    );
    // A store that takes cash only leaves {instead} empty: no trailing space.
    expect(renderTemplate('cod_confirmation', { ...confirmation, instead: '' })).toBe(
      'Vedara Ayurveda: confirm your cash-on-delivery order VED-2026-000123 of ₹499 here: http://localhost:4321/order/VED-2026-000123?token=abc#confirm-order',
    );
    expect(() => renderTemplate('cod_confirmation', { orderNumber: 'X' })).toThrow(/needs \{total\}/);
  });
});
