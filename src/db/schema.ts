// Every Drizzle table, for the app, client.ts and the drift test. The table files import the core
// tables from store-schema.ts, never from here, so none of them imports itself back through this index.
export * from './store-schema';
export * from './auth-schema';
export * from './rewards-schema';
export * from './cart-schema';
export * from './returns-schema';
export * from './invoice-schema';
export * from './wishlist-schema';
export * from './payments-schema';
export * from './privacy-schema';
export * from './stock-schema';
export * from './address-schema';
export * from './messages-schema';
export * from './vitals-schema';
export * from './reminders-schema';
export * from './restock-schema';
