// What a shopper reads when a form's limit is used up (shared by islands and the server).
export const LIMIT_MESSAGES = {
  address: 'Too many requests from your network. Please try again in an hour.',
  email: 'Too many requests for this email address today. Please try again tomorrow.',
  mobile: 'Too many requests for this mobile number today. Please try again tomorrow.',
} as const;
