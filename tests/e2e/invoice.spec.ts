// The GST tax invoice: issued when the staff ship an order, downloaded as a PDF from the customer's
// order page and parsed here (GSTIN, HSN, tax split, total equal to the order); the signed order link
// and the desk get it too, anyone else a 404.
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { formatPaise, splitTax } from '../../src/features/invoices/gst';
import { ownerPage, signUp, unique } from './accounts';
import { expectNoAxeViolations } from './axe';
import { latestMail } from './mail';

// pdfjs reads the PDF's standard fonts (Helvetica) from its own folder.
const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))}/standard_fonts/`;

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join('\n').replace(/\s+/g, ' ');
}

test('the customer downloads the invoice PDF of a shipped order: GSTIN, HSN, IGST and the order total', async ({ page, browser }) => {
  const email = `invoice-${unique()}@example.in`;
  await signUp(page, email);
  const origin = new URL(page.url()).origin;
  // Shilajit resin (HSN 30049011, 5 %) to Maharashtra: the store is in Uttarakhand, so IGST.
  expect((await page.request.post('/api/cart', { data: { intent: 'add', productId: 1, months: 1, quantity: 1 }, headers: { origin } })).ok()).toBe(true);
  const placed = await page.request.post('/api/checkout', { headers: { origin }, data: {
    email, phone: '9876543210', idempotencyKey: `invoice-${unique()}-abcdef`,
    address: { name: 'Asha Rao', line1: '12 Marine Drive', line2: '', city: 'Mumbai', state: 'Maharashtra', pin: '400001' },
  } });
  expect(placed.status()).toBe(201);
  const { orderNumber, url: signedLink } = (await placed.json()) as { orderNumber: string; url: string };

  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByText('Your GST tax invoice will be here once the order ships.')).toBeVisible();
  expect((await page.request.get(`/orders/${orderNumber}/invoice.pdf`)).status()).toBe(404);

  const owner = await ownerPage(browser);
  const moves: Record<string, string>[] = [{ move: 'confirm' }, { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL123456789' }];
  for (const form of moves) {
    const moved = await owner.request.post(`/admin/orders/${orderNumber}`, { form, headers: { origin } });
    expect(moved.status(), form.move).toBe(200);
  }

  await page.reload();
  const link = page.getByRole('link', { name: /^Download tax invoice VED\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, 'order page with its invoice');
  const invoiceNumber = (await link.textContent())!.match(/VED\/\d{2}-\d{2}\/\d{6}/)![0];
  // The order as its page shows it (a first order gets 30 % off: the invoice spreads it over the goods).
  const rupees = async (text: string | null) => Number(text!.replace(/[^\d]/g, ''));
  const orderTotal = await rupees(await page.getByRole('main').locator('[data-total]').textContent());
  const subtotal = await rupees(await page.getByRole('main').locator('dl > div', { hasText: 'Subtotal' }).locator('dd').textContent());

  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`);
  const bytes = Buffer.from(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks)));
  const text = await pdfText(bytes);

  const expected = splitTax({ lines: [{ name: 'Himalayan Shilajit Resin', hsn: '30049011', rate: 5, quantity: 1, months: 1, lineTotal: subtotal }], subtotal, shipping: 0, total: orderTotal, intraState: false });
  expect(text).toContain('TAX INVOICE');
  expect(text).toContain('GSTIN: 05AAAAA0000A1Z5');
  expect(text).toContain(`Invoice number: ${invoiceNumber}`);
  expect(text).toContain(`Order: ${orderNumber}`);
  expect(text).toContain('Place of supply: Maharashtra (27)');
  expect(text).toContain('30049011');
  expect(text).toContain('Inter-state supply: IGST');
  expect(text).toContain(`IGST: ${formatPaise(expected.igst)}`);
  expect(text).toContain(`Taxable value: ${formatPaise(expected.taxable)}`);
  expect(text).toContain(`Invoice total (Rs.): ${formatPaise(orderTotal * 100)}`);
  expect(text).not.toContain('CGST');
  expect(expected.taxable + expected.igst).toBe(orderTotal * 100);

  // The signed link (a guest's way in) and the desk get the same invoice; others get a 404 (the desk: 403).
  const stranger = await (await browser.newContext()).newPage();
  const token = new URL(signedLink, origin).searchParams.get('token')!;
  const viaLink = await stranger.request.get(`/order/${orderNumber}/invoice.pdf?token=${encodeURIComponent(token)}`);
  expect(viaLink.status()).toBe(200);
  expect(viaLink.headers()['content-type']).toBe('application/pdf');
  expect((await stranger.request.get(`/order/${orderNumber}/invoice.pdf`)).status()).toBe(404);
  expect((await stranger.request.get(`/orders/${orderNumber}/invoice.pdf`)).status()).toBe(404);
  // The desk's copy: a visitor is sent to sign in, a customer (even the buyer) gets the desk's 403.
  const deskCopy = await stranger.request.get(`/admin/orders/${orderNumber}/invoice.pdf`, { maxRedirects: 0 });
  expect(deskCopy.status()).toBe(302);
  expect(deskCopy.headers().location).toMatch(/^\/sign-in\?redirect=/);
  expect((await page.request.get(`/admin/orders/${orderNumber}/invoice.pdf`)).status()).toBe(403);
  const other = await (await browser.newContext()).newPage();
  await signUp(other, `other-${unique()}@example.in`);
  expect((await other.request.get(`/orders/${orderNumber}/invoice.pdf`)).status()).toBe(404);

  await owner.goto(`/admin/orders/${orderNumber}`);
  const deskLink = owner.getByRole('link', { name: `Tax invoice ${invoiceNumber} (PDF)` });
  await expect(deskLink).toBeVisible();
  const deskPdf = await owner.request.get(`/admin/orders/${orderNumber}/invoice.pdf`);
  expect(deskPdf.status()).toBe(200);
  expect(await pdfText(await deskPdf.body())).toContain(`Invoice number: ${invoiceNumber}`);

  // Delivered: the mail carries the same invoice as a PDF attachment.
  expect((await owner.request.post(`/admin/orders/${orderNumber}`, { form: { move: 'deliver' }, headers: { origin } })).status()).toBe(200);
  const mail = await latestMail(email, 'order_delivered');
  expect(mail).toContain('Your GST tax invoice is attached as a PDF.');
  expect(mail).toMatch(/Content-Type: application\/pdf/);
  expect(mail).toContain(`filename=invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`);
});
