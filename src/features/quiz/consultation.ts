// Consultation request (spec §2 'Wellness Quiz', §5): messages and shapes shared by the form and the server.
import { INDIAN_MOBILE_MESSAGE } from '../../lib/india';

export const CONSULTATION_MESSAGES = {
  name: 'Please enter your name.',
  email: 'Please enter a valid email address.',
  phone: INDIAN_MOBILE_MESSAGE,
  answers: 'Please answer all 10 quiz questions before requesting a consultation.',
  failed: 'We could not send your request. Please try again.',
  thanksTitle: 'Thank You!',
  thanksText:
    'Your request has been received. One of our Ayurveda experts will call you within 24 hours to discuss your results and a routine made for you.',
} as const;

export interface ConsultationContact {
  name: string;
  email: string;
  phone: string;
}
export type ConsultationErrors = Partial<Record<keyof ConsultationContact | 'answers', string>>;
export type ConsultationResult =
  | { ok: true; id: number; category: string }
  | { ok: false; errors: ConsultationErrors; message: string; limited?: boolean };
