// The link that lets whoever filed a grievance follow its ticket without an account: a token of the
// ticket number (src/server/signed-links.server.ts).
import { siteHref } from '../../server/http/site-origin.server';
import { tokenSigner } from '../../server/signed-links.server';
import { ticketPath } from './grievance';

const tickets = tokenSigner('vedara grievance tickets v1');

export const ticketToken = (ticket: string) => tickets.sign(ticket);

export const isValidTicketToken = (ticket: string, token: string | null | undefined): boolean =>
  tickets.verify(ticket, token);

export const ticketLinkPath = (ticket: string) => `${ticketPath(ticket)}?token=${ticketToken(ticket)}`;
export const ticketLink = (ticket: string) => siteHref(ticketLinkPath(ticket));
