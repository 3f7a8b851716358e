// Cart limits, in a module of their own so islands can read them without loading the schemas (zod).
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 50;
