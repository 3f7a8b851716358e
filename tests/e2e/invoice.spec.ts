// The GST tax invoice: issued when the staff ship an order, downloaded as a PDF from the customer's
// order page and parsed here (GSTIN, HSN, tax split, total equal to the order); the signed order link
// and the desk get it too, anyone else a 404. The credit note: issued when the owner refunds a return
// of one line of a two-line order in the desk (the refund and the points by the allocation rule, the
// payout reference), downloaded there and from the order page, and parsed (its number, the invoice it
// credits, the returned line only, the refunded total).
import { expect, type Page, test } from '@playwright/test';
import { formatPaise, splitTax } from '../../src/features/invoices/gst';
import { ownerPage, signUp, unique } from './accounts';
import { deskMoves, fillDamagedResinReturn, placeShilajitOrder } from './orders';
import { expectNoAxeViolations } from './axe';
import { latestMail } from './mail';
import { pdfText } from '../support/pdf';

async function downloadedBytes(page: Page, link: ReturnType<Page['getByRole']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return {
    filename: download.suggestedFilename(),
    bytes: Buffer.concat(await (await download.createReadStream()).toArray()),
  };
}

test('the customer downloads the invoice PDF of a shipped order: GSTIN, HSN, IGST and the order total', async ({
  page,
  browser,
}) => {
  const { email, origin, orderNumber, signedLink } = await placeShilajitOrder(page);

  await page.goto(`/orders/${orderNumber}`);
  await expect(page.getByText('Your GST tax invoice will be here once the order ships.')).toBeVisible();
  expect((await page.request.get(`/orders/${orderNumber}/invoice.pdf`)).status()).toBe(404);

  const owner = await ownerPage(browser);
  await deskMoves(owner, orderNumber, origin, [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL123456789' },
  ]);

  await page.reload();
  const link = page.getByRole('link', { name: /^Download tax invoice VED\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, 'order page with its invoice');
  const invoiceNumber = (await link.textContent())!.match(/VED\/\d{2}-\d{2}\/\d{6}/)![0];
  // The order as its page shows it (a first order gets 30 % off: the invoice spreads it over the goods).
  const rupees = async (text: string | null) => Number(text!.replace(/[^\d]/g, ''));
  const orderTotal = await rupees(await page.getByRole('main').locator('[data-total]').textContent());
  const subtotal = await rupees(
    await page.getByRole('main').locator('dl > div', { hasText: 'Subtotal' }).locator('dd').textContent(),
  );

  const { filename, bytes } = await downloadedBytes(page, link);
  expect(filename).toBe(`invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`);
  const text = await pdfText(bytes);

  const expected = splitTax({
    lines: [
      { name: 'Himalayan Shilajit Resin', hsn: '30049011', rate: 5, quantity: 1, months: 1, lineTotal: subtotal },
    ],
    subtotal,
    shipping: 0,
    total: orderTotal,
    intraState: false,
  });
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
  expect(
    (
      await owner.request.post(`/admin/orders/${orderNumber}`, { form: { move: 'deliver' }, headers: { origin } })
    ).status(),
  ).toBe(200);
  const mail = await latestMail(email, 'order_delivered');
  expect(mail).toContain('Your GST tax invoice is attached as a PDF.');
  expect(mail).toMatch(/Content-Type: application\/pdf/);
  expect(mail).toContain(`filename=invoice-${invoiceNumber.replaceAll('/', '-')}.pdf`);
});

test('the shopper returns one line of two; the desk refunds what that line cost, its share of the points, and credits that line only', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // the whole journey: ship, deliver, the return form with its files, three desk decisions
  const { email, origin, orderNumber, signedLink } = await placeShilajitOrder(page, { more: [4], usePoints: true });
  const owner = await ownerPage(browser);
  await deskMoves(owner, orderNumber, origin, [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: 'DL987654321' },
    { move: 'deliver' },
  ]);

  // The shopper sends back the resin only, from the order page, and says where the refund goes.
  await page.goto(`/orders/${orderNumber}`);
  const invoiceNumber = (await page.getByRole('link', { name: /^Download tax invoice / }).textContent())!.match(
    /VED\/\d{2}-\d{2}\/\d{6}/,
  )![0];
  const returnForm = page.getByRole('form', { name: 'Return this order' });
  const otherLine = await fillDamagedResinReturn(returnForm);
  const otherName = (await returnForm.locator(`label[for="${await otherLine.getAttribute('id')}"]`).textContent())!
    .split(' (')[0]
    .trim();
  await returnForm.getByRole('button', { name: 'Request a return' }).click();
  await expect(page.getByRole('main').getByRole('status')).toHaveText(
    'Your return request has been sent. We reply within 48 working hours.',
  );
  await expect(page.getByRole('main').getByText('Himalayan Shilajit Resin × 1')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Download credit note/ })).toHaveCount(0);

  // The owner accepts it and marks the parcel received; the desk states what the returned line cost.
  await owner.goto(`/admin/orders/${orderNumber}`);
  await expect(owner.getByText(/^Reward points \(10,000 points\)$/)).toBeVisible();
  await expect(owner.getByText('−₹200')).toBeVisible(); // the points in rupees, so the summary adds up
  for (const [button, notice] of [
    ['Accept return', 'Order marked return accepted'],
    ['Mark return received', 'Order marked return received'],
  ]) {
    await owner.getByRole('button', { name: button }).click();
    await expect(owner.getByRole('main').getByRole('status')).toContainText(notice);
  }
  const due = (await owner.getByText(/^The returned items cost ₹/).textContent())!;
  const [, refundText, pointsText, pointsRupees] = due.match(
    /cost (₹[\d,.]+) after .*; ([\d,]+) points \((₹[\d,]+)\) of those spent go back/,
  )!;
  const pointsBack = Number(pointsText.replaceAll(',', ''));
  expect(pointsBack).toBeGreaterThan(0);
  expect(pointsBack).toBeLessThan(10_000); // the other line's share stays spent
  // The points in rupees too (50 points a rupee, as at checkout), so the figures can be checked against each other.
  expect(pointsRupees).toBe(`₹${Math.floor(pointsBack / 50).toLocaleString('en-IN')}`);
  const refundPaise = Math.round(Number(refundText.replace(/[₹,]/g, '')) * 100);
  await expect(owner.getByLabel(/^Refund \(₹, at most/)).toHaveValue(formatPaise(refundPaise).replaceAll(',', ''));
  // The owner makes the payout, so the refund form gives the UPI ID in full; the return's own line keeps it masked.
  await expect(owner.getByText('Send it to UPI asha.rao@okaxis.')).toBeVisible();
  await expect(owner.getByText('Refund to: UPI a•••@okaxis')).toBeVisible();
  await expect(owner.getByRole('main').getByText('asha.rao@okaxis')).toHaveCount(1);
  await owner.getByLabel(/^Payout reference/).fill('UTR 401234567890');
  await owner.getByRole('button', { name: 'Mark refunded' }).click();
  await expect(owner.getByRole('main').getByRole('status')).toContainText('Order marked refunded');
  await expect(owner.getByRole('main').getByText('Partially Refunded', { exact: true }).first()).toBeVisible();
  await expect(
    owner.getByText(`${refundText} and ${pointsText} points (${pointsRupees}) · payout reference UTR 401234567890`),
  ).toBeVisible();
  // Refunded, no form: the full UPI ID is on the page no more.
  await expect(owner.getByRole('main').getByText('asha.rao@okaxis')).toHaveCount(0);
  await expectNoAxeViolations(owner, 'desk order page after a partial refund');

  const deskLink = owner.getByRole('link', { name: /^Credit note VCN\/\d{2}-\d{2}\/\d{6} \(PDF\)$/ });
  await expect(deskLink).toBeVisible();
  const creditNoteNumber = (await deskLink.textContent())!.match(/VCN\/\d{2}-\d{2}\/\d{6}/)![0];
  expect(creditNoteNumber.length).toBeLessThanOrEqual(16);
  const { filename, bytes } = await downloadedBytes(owner, deskLink);
  expect(filename).toBe(`credit-note-${creditNoteNumber.replaceAll('/', '-')}.pdf`);
  const text = await pdfText(bytes);
  expect(text).toContain('CREDIT NOTE');
  expect(text).toContain('GSTIN: 05AAAAA0000A1Z5');
  expect(text).toContain(`Credit note number: ${creditNoteNumber}`);
  expect(text).toContain(`Original invoice: ${invoiceNumber}`);
  expect(text).toContain(`Order: ${orderNumber}`);
  expect(text).toContain('Reason: Goods returned');
  expect(text).toContain('Place of supply: Maharashtra (27)');
  // The returned line only: the resin (5 %), not the product kept; IGST at the resin's rate, the total the refund.
  expect(text).toContain('Himalayan Shilajit Resin');
  expect(text).toContain('30049011');
  expect(text).not.toContain(otherName);
  const igst = Math.floor((2 * refundPaise * 5 + 105) / (2 * 105));
  expect(text).toContain(`IGST: ${formatPaise(igst)}`);
  expect(text).toContain(`Credit note total (Rs.): ${formatPaise(refundPaise)}`);
  expect(text).not.toMatch(/CGST:|SGST/); // no intra-state columns or totals (the note cites the CGST Act)

  // The shopper reads the partial refund and its points, and may still send back the other product.
  await page.reload();
  await expect(page.getByRole('main').getByText('Partially Refunded', { exact: true })).toBeVisible();
  await expect(page.getByText(`Refund: ${refundText} and ${pointsText} reward points`)).toBeVisible();
  await expect(page.getByText('Refund to: UPI a•••@okaxis · reference UTR 401234567890')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Return this order' }).getByRole('spinbutton')).toHaveCount(1);
  // The shopper finds it on the order page beside the invoice; the signed link gets it, others a 404.
  await page.reload();
  const link = page.getByRole('link', { name: `Download credit note ${creditNoteNumber} (PDF)` });
  await expect(link).toBeVisible();
  await expectNoAxeViolations(page, 'order page with its credit note');
  expect(await pdfText((await downloadedBytes(page, link)).bytes)).toContain(`Credit note number: ${creditNoteNumber}`);
  const stranger = await (await browser.newContext()).newPage();
  const token = new URL(signedLink, origin).searchParams.get('token')!;
  const viaLink = await stranger.request.get(
    `/order/${orderNumber}/credit-note.pdf?token=${encodeURIComponent(token)}`,
  );
  expect(viaLink.status()).toBe(200);
  expect(viaLink.headers()['content-type']).toBe('application/pdf');
  expect((await stranger.request.get(`/orders/${orderNumber}/credit-note.pdf`)).status()).toBe(404);
  expect((await page.request.get(`/admin/orders/${orderNumber}/credit-note.pdf`)).status()).toBe(403);

  // The refund mail carries it as a PDF attachment.
  const mail = await latestMail(email, 'order_refunded');
  expect(mail).toContain(`Our GST credit note ${creditNoteNumber} for the refund is attached as a PDF.`);
  expect(mail).toContain('UPI a•••@okaxis');
  expect(mail).not.toContain('asha.rao@okaxis');
  expect(mail).toMatch(/Content-Type: application\/pdf/);
  expect(mail).toContain(`filename=credit-note-${creditNoteNumber.replaceAll('/', '-')}.pdf`);
});
