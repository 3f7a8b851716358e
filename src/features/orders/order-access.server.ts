// Guests see their order through a link that proves they know its email: a token of the order number and
// email (src/server/signed-links.server.ts), good for no other link.
import { tokenSigner } from '../../server/signed-links.server';

const orderLinks = tokenSigner('vedara order links v1');
const payloadOf = (orderNumber: string, email: string) => `${orderNumber}:${email.toLowerCase()}`;

export const orderAccessToken = (orderNumber: string, email: string): string =>
  orderLinks.sign(payloadOf(orderNumber, email));

export const isValidOrderAccessToken = (token: string | null | undefined, orderNumber: string, email: string) =>
  orderLinks.verify(payloadOf(orderNumber, email), token);

/** The confirmation page of an order, openable without signing in. */
export const orderConfirmationPath = (orderNumber: string, email: string) =>
  `/order/${orderNumber}?token=${orderAccessToken(orderNumber, email)}`;
