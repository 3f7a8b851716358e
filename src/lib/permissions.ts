// Who may do what in the back office: one table of roles × actions, one rule (`can`), and the action
// each desk route asks for. Pure: the server's one check (deskAccess, features/admin/staff-access.server.ts)
// and the desk's menu and buttons read it alike (docs/decisions: one permission table).

/** The staff organization's roles (docs/decisions: staff as one organization); customers have none. */
export const STAFF_ROLES = ['owner', 'admin', 'staff'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Every action of the back office, with what it lets a member do (said as "Only … can {this}."). */
export const DESK_ACTIONS = {
  'orders.view': 'see orders, their GST documents and return photos',
  'orders.move': 'confirm, ship, deliver or cancel orders, accept, decline or receive returns and send replacements',
  'orders.refund': 'refund an order',
  'points.grant': 'grant points',
  'catalogue.view': 'see the catalogue desk (products, categories, discount codes, wellness goals)',
  'catalogue.edit': 'change products, categories, discount codes and wellness goals',
  'reviews.moderate': 'publish or reject reviews',
  'customers.view': 'see customer data (customers, subscribers, consultation leads, reports and their exports)',
  'staff.manage': 'add, change or remove staff',
  'appointments.manage': 'manage appointments and the days the store is closed',
  'mail.view': 'see and resend mail that was not delivered',
  'health.view': 'see quiz answers and consultation notes',
  'grievances.answer': 'see and answer grievances',
  'payments.manage': 'change the online-payment offer and the cash-on-delivery limits',
  'couriers.manage': 'change the courier list and its tracking pages',
  'delivery.manage': 'close or open PIN codes to delivery',
} as const;
export type DeskAction = keyof typeof DESK_ACTIONS;

const EVERYONE = STAFF_ROLES;
const MANAGERS = ['owner', 'admin'] as const;
const OWNERS = ['owner'] as const;

/**
 * The table. Staff run orders, appointments and reviews; money leaving the store, points, the catalogue,
 * customer data (health-adjacent leads, bulk exports) and the mail log are for owners and admins; only an
 * owner changes who works here.
 */
export const PERMISSIONS: Readonly<Record<DeskAction, readonly StaffRole[]>> = {
  'orders.view': EVERYONE,
  'orders.move': EVERYONE,
  'orders.refund': MANAGERS,
  'points.grant': MANAGERS,
  'catalogue.view': EVERYONE,
  'catalogue.edit': MANAGERS,
  'reviews.moderate': EVERYONE,
  'customers.view': MANAGERS,
  'staff.manage': OWNERS,
  'appointments.manage': EVERYONE,
  'mail.view': MANAGERS,
  // Health-adjacent data (DPDP): only those who hold the consultations; staff book them without the notes.
  'health.view': MANAGERS,
  // The grievance officer is an owner or an admin (the store's configured officer answers under their name).
  'grievances.answer': MANAGERS,
  // What every order costs and who may pay cash: the store's money rules.
  'payments.manage': MANAGERS,
  // Where every shipped parcel's link points: a wrong address sends customers to someone else's page.
  'couriers.manage': MANAGERS,
  // Where the store takes orders at all: like the cash-on-delivery rules, for owners and admins.
  'delivery.manage': MANAGERS,
};

/** The rule: whether a member with this role (null: not staff) may do the action. */
export const can = (role: StaffRole | null | undefined, action: DeskAction): boolean =>
  role != null && PERMISSIONS[action].includes(role);

const article = (role: StaffRole) => (role === 'owner' || role === 'admin' ? `an ${role}` : `a ${role} member`);

/** What a member who may not is told, e.g. "Only an owner or an admin can refund an order." */
export const forbiddenMessage = (action: DeskAction) =>
  `Only ${PERMISSIONS[action].map(article).join(' or ')} can ${DESK_ACTIONS[action]}.`;

/**
 * The everyday order moves every member makes. Any other move of the desk's order form (a refund, or a
 * move added later and not yet placed here) needs orders.refund: a new way for money to leave stays
 * with owners and admins until someone decides otherwise.
 */
const EVERYDAY_ORDER_MOVES: ReadonlySet<string> = new Set([
  'confirm',
  'ship',
  'out_for_delivery',
  'deliver',
  'cancel_by_staff',
  'accept_return',
  'decline_return',
  'receive_return',
  // Ships the same product and plan again, under the original invoice: no money leaves, like a shipment.
  'send_replacement',
  // Not here: switch_to_refund (a replacement becomes money going out) stays with owners and admins.
]);
export const orderMoveAction = (move: string): DeskAction =>
  EVERYDAY_ORDER_MOVES.has(move) ? 'orders.move' : 'orders.refund';

/** A desk route: the action to open it, and the action its form posts need (from the posted fields). */
export interface DeskRoute {
  see: DeskAction;
  post?: DeskAction | ((field: (name: string) => string) => DeskAction);
}

/** Every back-office route, by its Astro route pattern (a route missing here answers 403 to everyone). */
export const DESK_ROUTES: Readonly<Record<string, DeskRoute>> = {
  '/admin': { see: 'orders.view' },
  '/admin/orders': { see: 'orders.view' },
  '/admin/orders/[number]': { see: 'orders.view', post: (field) => orderMoveAction(field('move')) },
  '/admin/orders/[number]/[document].pdf': { see: 'orders.view' },
  '/media/returns/[file]': { see: 'orders.view' },
  '/admin/products': { see: 'catalogue.view' },
  '/admin/products/new': { see: 'catalogue.edit', post: 'catalogue.edit' },
  '/admin/products/[id]': { see: 'catalogue.view', post: 'catalogue.edit' },
  '/admin/categories': { see: 'catalogue.view', post: 'catalogue.edit' },
  '/admin/stock': { see: 'catalogue.view' },
  '/admin/wellness': { see: 'catalogue.view', post: 'catalogue.edit' },
  '/admin/discounts': { see: 'catalogue.view', post: 'catalogue.edit' },
  '/admin/reviews': { see: 'reviews.moderate', post: 'reviews.moderate' },
  '/admin/customers': { see: 'customers.view' },
  '/admin/customers/[id]': { see: 'customers.view' },
  '/admin/reports': { see: 'customers.view' },
  '/admin/reports/export.csv': { see: 'customers.view' },
  '/admin/subscribers': { see: 'customers.view', post: 'customers.view' },
  '/admin/subscribers.csv': { see: 'customers.view' },
  '/admin/leads': { see: 'customers.view', post: 'customers.view' },
  '/admin/rewards': { see: 'customers.view', post: 'points.grant' },
  '/admin/staff': { see: 'staff.manage', post: 'staff.manage' },
  '/admin/appointments': { see: 'appointments.manage', post: 'appointments.manage' },
  '/admin/mail': { see: 'mail.view', post: 'mail.view' },
  '/admin/grievances': { see: 'grievances.answer' },
  '/admin/payments': { see: 'orders.view', post: 'payments.manage' },
  '/admin/couriers': { see: 'orders.view', post: 'couriers.manage' },
  '/admin/delivery': { see: 'orders.view', post: 'delivery.manage' },
  '/admin/grievances/[ticket]': { see: 'grievances.answer', post: 'grievances.answer' },
};

/** The action a post to the route needs (its `see` action when the route has no form). */
export function postAction(route: DeskRoute, field: (name: string) => string): DeskAction {
  if (!route.post) return route.see;
  return typeof route.post === 'function' ? route.post(field) : route.post;
}

/** Whether the role may open a desk route (the menu and links show only these). */
export const mayOpen = (role: StaffRole | null | undefined, routePattern: string): boolean => {
  const route = DESK_ROUTES[routePattern];
  return route !== undefined && can(role, route.see);
};
