// Whether the checkout offers paying online: a gateway is configured (PAYMENT_GATEWAY is not off).
import { paymentGateway } from './gateway.server';

export const onlinePaymentAvailable = () => paymentGateway() !== null;

/** The test gateway is on: every page that takes money says so. */
export const paymentTestMode = () => paymentGateway()?.testMode ?? false;
