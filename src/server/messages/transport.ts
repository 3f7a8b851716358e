// What a channel's transport is: the development file transport and each provider adapter implement it,
// so the queue (outbox.server.ts) sends without knowing which one it holds.
import type { MessageChannel, TemplateName } from './templates';

export interface OutgoingMessage {
  /** The queued row's id (the file transport names its file by it). */
  id: number;
  channel: MessageChannel;
  template: TemplateName;
  /** 91 and the ten-digit Indian mobile. */
  to: string;
  params: Record<string, string>;
  /** The rendered words (renderTemplate), for a transport that writes them out. */
  body: string;
}

export interface MessageTransport {
  readonly channel: MessageChannel;
  /** cloud, msg91, file … (shown on the desk). */
  readonly name: string;
  /** Whether this transport can send `template` (a provider needs each template registered); unset: all. */
  sends?(template: TemplateName): boolean;
  /** Sends one message; resolves to the provider's id for it. Throws SendRefused when retrying cannot help. */
  send(message: OutgoingMessage, signal: AbortSignal): Promise<{ providerMessageId: string }>;
}

/** The provider refused the message for good (a bad number, an unknown template, a revoked key): no retry. */
export class SendRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SendRefused';
  }
}

/** The built-in fetch's shape, injected by tests (recorded responses) and never replaced in production. */
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** Whether an HTTP status means "do not try again": a 4xx but for 408 (timeout) and 429 (slow down). */
export const refusedForGood = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;
