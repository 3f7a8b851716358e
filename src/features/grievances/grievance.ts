// Grievances (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)): the categories, the messages and
// the one-month answer rule, shared by the pages and the server.

export const GRIEVANCE_CATEGORIES = ['order', 'delivery', 'product', 'refund', 'privacy', 'other'] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

export const GRIEVANCE_CATEGORY_LABELS: Record<GrievanceCategory, string> = {
  order: 'An order',
  delivery: 'Delivery',
  product: 'A product',
  refund: 'A return or refund',
  privacy: 'My personal data',
  other: 'Something else',
};

export const GRIEVANCE_PATH = '/grievances';
export const ticketPath = (ticket: string) => `${GRIEVANCE_PATH}/${ticket}`;

/** GRV-2026-000001. */
export const TICKET_SHAPE = /^GRV-\d{4}-\d{6}$/;

export const GRIEVANCE_MESSAGES = {
  filed: (ticket: string) =>
    `Your grievance is registered as ticket ${ticket}. We have mailed you an acknowledgement with a link to follow it; we answer within one month.`,
  badLink: 'This ticket link is not valid. Please use the link in the acknowledgement we mailed you.',
  answered: (ticket: string) => `Ticket ${ticket} is answered and the answer is mailed to the customer.`,
  alreadyAnswered: 'This grievance has been answered already.',
} as const;

export const GRIEVANCE_STATUS_LABELS = { open: 'Open', answered: 'Answered' } as const;

/** Whether an open grievance is past its one-month answer date. */
export const isOverdue = (g: { status: string; dueAt: Date }, now = new Date()) =>
  g.status === 'open' && g.dueAt.getTime() < now.getTime();
