// A saved address: the checkout's shipping-address rules (src/lib/checkout.ts) and its mobile number
// rule, nothing of its own but the limits of the book. Pure, so the address form island shares it.
import type { z } from 'zod';
import { indianMobileField, shippingAddressSchema } from '../../lib/checkout';

export const savedAddressSchema = shippingAddressSchema.extend({ phone: indianMobileField });
export type SavedAddressInput = z.output<typeof savedAddressSchema>;

export const ADDRESS_FIELDS = ['name', 'phone', 'line1', 'line2', 'city', 'state', 'pin'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressValues = Record<AddressField, string>;

/** A saved address as the pages show it. */
export interface SavedAddress extends AddressValues {
  id: number;
  isDefault: boolean;
}

/** How many addresses one customer's book holds. */
export const MAX_ADDRESSES = 20;

export const ADDRESS_MESSAGES = {
  notFound: 'That address is not in your address book.',
  duplicate: 'That address is already in your address book.',
  full: `Your address book is full (${MAX_ADDRESSES} addresses). Please delete one you no longer use.`,
  check: 'Please check the details marked below.',
  added: 'The address has been added to your address book.',
  updated: 'The address has been updated.',
  deleted: 'The address has been deleted.',
  madeDefault: 'That is now your default address.',
  filledFromPin: 'The city and state were filled in from the PIN code; edit the address if they are not right.',
} as const;

export const emptyAddress = (): AddressValues => ({
  name: '',
  phone: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  pin: '',
});
