// The account mails (verification, password reset, sign-in code), in the store's mail layout.
import { firstNameOf } from '../../lib/names';
import { renderMail } from '../../server/mail/templates.server';

const firstName = (name: string) => firstNameOf(name) || 'there';

export function verifyEmailMail(name: string, url: string) {
  return renderMail({
    subject: 'Verify your email for Vedara Ayurveda',
    greeting: `Namaste ${firstName(name)},`,
    paragraphs: [
      'Welcome to Vedara Ayurveda. Please confirm this is your email address so we can keep your orders and rewards safe.',
      'The link works for 24 hours. If you did not create an account, you can ignore this mail.',
    ],
    action: { label: 'Verify email', url },
  });
}

export function passwordResetMail(name: string, url: string) {
  return renderMail({
    subject: 'Reset your Vedara Ayurveda password',
    greeting: `Namaste ${firstName(name)},`,
    paragraphs: [
      'We received a request to reset your password. The link works for one hour and only once.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
    action: { label: 'Choose a new password', url },
  });
}

export function signInCodeMail(code: string) {
  return renderMail({
    subject: `${code} is your Vedara Ayurveda sign-in code`,
    greeting: 'Namaste,',
    paragraphs: ['Use this code to sign in. It works for 10 minutes. Never share it with anyone, including our team.'],
    details: [['Sign-in code', code]],
  });
}

export function existingAccountMail(name: string, signInUrl: string, resetUrl: string) {
  return renderMail({
    subject: 'Someone tried to create an account with your email',
    greeting: `Namaste ${firstName(name)},`,
    paragraphs: [
      'Someone tried to create a Vedara Ayurveda account with your email address, which already has an account. No new account was created and nothing changed.',
      `If it was you, sign in instead (${signInUrl}). Forgot your password? Choose a new one here: ${resetUrl}`,
      'If it was not you, you can ignore this mail.',
    ],
    action: { label: 'Sign in', url: signInUrl },
  });
}
