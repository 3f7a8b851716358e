// An account created by phone sign-in has no email yet, but better-auth (and the user table) needs one
// that is unique: it gets a placeholder under the reserved .invalid domain (RFC 2606), which no mail can
// ever reach. The placeholder never leaves the auth feature: the session shows such an account with no
// email (''), no form accepts it and no account mail is queued to it (decision: phone sign-in).
const PHONE_ONLY_DOMAIN = 'phone.invalid';

/** The placeholder email of an account created with the mobile `phone` (+91 and ten digits). */
export const phoneOnlyEmail = (phone: string) => `${phone.replace(/\D/g, '')}@${PHONE_ONLY_DOMAIN}`;

/** Whether `email` is such a placeholder (an account that has not added a real email). */
export const isPhoneOnlyEmail = (email: string) => email.trim().toLowerCase().endsWith(`@${PHONE_ONLY_DOMAIN}`);
