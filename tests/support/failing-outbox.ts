// The real mail outbox, with a switch to make the next queued mail fail inside its transaction: a test
// mocks the outbox module with `failingOutbox` and sets `loseNextMail.error`.
import type * as Outbox from '../../src/server/mail/outbox.server';

export const loseNextMail: { error: Error | null } = { error: null };

export function failingOutbox(real: typeof Outbox): typeof Outbox {
  return {
    ...real,
    enqueueEmail: async (...args: Parameters<typeof real.enqueueEmail>) => {
      const error = loseNextMail.error;
      loseNextMail.error = null;
      if (error) throw error;
      return real.enqueueEmail(...args);
    },
  };
}

/** What postgres.js throws when the server closed the connection under a query. */
export const connectionClosed = () =>
  Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
