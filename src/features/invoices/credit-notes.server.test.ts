// GST credit notes on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): issued by the
// refund move in its own transaction against the order's invoice, none for an order never invoiced,
// numbered without gaps or repeats under concurrent refunds, adding up to the refund, downloadable
// by the same people as the invoice, and attached to the refund mail.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { linesOf, placeTestOrder } from '../../../tests/support/orders';
import { pdfText } from '../../../tests/support/pdf';
import { dataDir, getDb } from '../../db/client';
import { creditNotes, emailOutbox, invoices, orders, returnLines, returns } from '../../db/schema';
import { getAuth } from '../auth/auth.server';
import { processOutbox } from '../../server/mail/outbox.server';
import { applyMove, applyMoveIn } from '../orders/apply-move.server';
import { orderAccessToken } from '../orders/order-access.server';
import { moveOrder } from '../orders/order-desk.server';
import { loadOrderPage } from '../orders/order-page.server';
import { creditNoteNumber, financialYear, formatPaise } from './gst';
import { documentResponse } from './order-documents.server';
// As the middleware does for the server: order mail attaches the invoice and credit-note PDFs.
import './mail-attachments.server';

const staff = { id: null, name: 'Desk Tester' };

async function orderId(orderNumber: string) {
  const [row] = await (await getDb())
    .select({ id: orders.id, total: orders.total })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber));
  return row;
}

/** Ships, delivers and takes back an order: it is 'returned' with its return received, ready for the refund. */
async function returnedOrder(email: string, customer: { id: string; email: string } | null = null) {
  const number = await placeTestOrder(email, customer);
  for (const move of [
    { move: 'confirm' },
    { move: 'ship', courier: 'Delhivery', trackingNumber: `DL-${number}` },
    { move: 'deliver' },
  ]) {
    expect(await moveOrder(staff, number, move), move.move).toEqual({ ok: true });
  }
  const { id } = await orderId(number);
  const lines = (await linesOf(number)).map((l) => ({ orderLineId: l.id, quantity: l.quantity }));
  const newReturn = {
    reasonCategory: 'damaged' as const,
    description: 'The jar arrived cracked.',
    photos: [],
    video: '',
    lines,
    destination: { upi: 'meera@okaxis', account: null, ifsc: null },
  };
  expect(await applyMove(id, 'request_return', { now: new Date(), newReturn })).toEqual({ ok: true });
  expect(await moveOrder(staff, number, { move: 'accept_return' })).toEqual({ ok: true });
  expect(await moveOrder(staff, number, { move: 'receive_return' })).toEqual({ ok: true });
  return number;
}

async function creditNoteOf(orderNumber: string) {
  const db = await getDb();
  const [row] = await db
    .select({ creditNote: creditNotes })
    .from(creditNotes)
    .innerJoin(orders, eq(orders.id, creditNotes.orderId))
    .where(eq(orders.orderNumber, orderNumber));
  return row?.creditNote ?? null;
}

describe('issuing a credit note', () => {
  it('the refund move issues it in its transaction: the invoice it credits, the refunded amount split to the paisa, the reason', async () => {
    const number = await returnedOrder('partial.refund@example.in');
    const { id, total } = await orderId(number);
    expect(await creditNoteOf(number)).toBeNull(); // not before the refund
    const refund = total - 100;
    expect(
      await moveOrder(staff, number, {
        move: 'refund',
        payoutReference: 'UTR-1',
        refundAmount: String(refund),
        note: 'The lid was kept.',
      }),
    ).toEqual({ ok: true });

    const db = await getDb();
    const creditNote = (await creditNoteOf(number))!;
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, id));
    const [refunded] = await db.select().from(returns).where(eq(returns.orderId, id));
    expect(creditNote).toMatchObject({
      invoiceId: invoice.id,
      returnId: refunded.id,
      reason: 'Goods returned',
      financialYear: financialYear(new Date()),
      creditNoteNumber: creditNoteNumber(financialYear(new Date()), creditNote.sequence),
      totalPaise: refund * 100,
    });
    expect(creditNote.creditNoteNumber).toMatch(/^VCN\/\d{2}-\d{2}\/\d{6}$/);
    expect(creditNote.taxablePaise + creditNote.cgstPaise + creditNote.sgstPaise + creditNote.igstPaise).toBe(
      refund * 100,
    );
    expect(creditNote.lines.reduce((s, l) => s + l.value, 0)).toBe(refund * 100);
    // Haridwar is in the store's state: CGST and SGST, each no more than the invoice charged.
    expect(creditNote.igstPaise).toBe(0);
    expect(creditNote.cgstPaise).toBe(creditNote.sgstPaise);
    expect(creditNote.cgstPaise).toBeGreaterThan(0);
    expect(creditNote.cgstPaise).toBeLessThan(invoice.cgstPaise);
    expect(creditNote.lines.map((l) => [l.hsn, l.rate, l.invoiceValue])).toEqual(
      invoice.lines.map((l) => [l.hsn, l.rate, l.value]),
    );

    // The order is refunded once: a second refund is refused and issues nothing more.
    expect(
      await moveOrder(staff, number, { move: 'refund', payoutReference: 'UTR-1', refundAmount: '1' }),
    ).toMatchObject({ ok: false });
    expect(await db.select().from(creditNotes).where(eq(creditNotes.orderId, id))).toHaveLength(1);
  });

  it('a refused refund (more than the order total) issues none', async () => {
    const number = await returnedOrder('too.much@example.in');
    const { total } = await orderId(number);
    expect(
      await moveOrder(staff, number, { move: 'refund', payoutReference: 'UTR-1', refundAmount: String(total + 1) }),
    ).toMatchObject({ ok: false });
    expect(await creditNoteOf(number)).toBeNull();
  });

  it('an order never invoiced (refunded without having shipped) gets none, and its mail attaches nothing', async () => {
    const number = await placeTestOrder('never.shipped@example.in');
    const { id, total } = await orderId(number);
    const db = await getDb();
    // An order taken back before this store issued invoices: returned, its return received, no invoice.
    await db.update(orders).set({ status: 'returned' }).where(eq(orders.id, id));
    const [taken] = await db
      .insert(returns)
      .values({
        orderId: id,
        status: 'received',
        description: 'Refused at the door.',
        decidedAt: new Date(),
        receivedAt: new Date(),
      })
      .returning();
    await db
      .insert(returnLines)
      .values((await linesOf(number)).map((l) => ({ returnId: taken.id, orderLineId: l.id, quantity: l.quantity })));
    expect(
      await moveOrder(staff, number, { move: 'refund', payoutReference: 'UTR-1', refundAmount: String(total) }),
    ).toEqual({ ok: true });
    expect(await creditNoteOf(number)).toBeNull();
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_refunded'), eq(emailOutbox.toAddress, 'never.shipped@example.in')));
    expect(mail.attachments).toEqual([]);
    expect(mail.textBody).not.toContain('credit note');
  });

  it('rolls back with the refund: nothing is kept and the number is given back', async () => {
    const number = await returnedOrder('rollback.refund@example.in');
    const { id, total } = await orderId(number);
    const db = await getDb();
    const last = (await db.select({ sequence: creditNotes.sequence }).from(creditNotes)).reduce(
      (max, r) => Math.max(max, r.sequence),
      0,
    );
    await expect(
      db.transaction(async (tx) => {
        expect(
          await applyMoveIn(tx, id, 'refund', {
            now: new Date(),
            staff,
            refundPaise: total * 100,
            payoutReference: 'UTR-1',
          }),
        ).toEqual({ ok: true });
        throw new Error('the bank transfer failed');
      }),
    ).rejects.toThrow('the bank transfer failed');
    expect(await creditNoteOf(number)).toBeNull();
    const [after] = await db.select().from(orders).where(eq(orders.id, id));
    expect(after.status).toBe('returned');
    expect(
      await moveOrder(staff, number, { move: 'refund', payoutReference: 'UTR-1', refundAmount: String(total) }),
    ).toEqual({ ok: true });
    expect((await creditNoteOf(number))!.sequence).toBe(last + 1);
  });
});

describe('credit note numbers', () => {
  it('give 12 orders refunded at once the next 12 numbers of the year, no gap, no repeat, apart from the invoices', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 12; i++) numbers.push(await returnedOrder(`cn.series.${i}@example.in`));
    const db = await getDb();
    const before = await db.select().from(creditNotes);
    const invoicesBefore = await db.select().from(invoices);

    const results = await Promise.all(
      numbers.map(async (n) =>
        moveOrder(staff, n, {
          move: 'refund',
          payoutReference: 'UTR-1',
          refundAmount: String((await orderId(n)).total),
        }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    const rows = await db.select().from(creditNotes).orderBy(asc(creditNotes.sequence));
    const year = financialYear(new Date());
    const expected = Array.from({ length: before.length + 12 }, (_, i) => i + 1);
    expect(rows.map((r) => r.sequence)).toEqual(expected);
    expect(rows.map((r) => r.creditNoteNumber)).toEqual(expected.map((s) => creditNoteNumber(year, s)));
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(rows.length);
    // A full refund credits each invoice in full; the invoice series did not move.
    for (const row of rows.slice(before.length)) {
      const [invoice] = await db.select().from(invoices).where(eq(invoices.id, row.invoiceId));
      expect(row).toMatchObject({
        totalPaise: invoice.totalPaise,
        taxablePaise: invoice.taxablePaise,
        cgstPaise: invoice.cgstPaise,
        sgstPaise: invoice.sgstPaise,
      });
    }
    expect(await db.select().from(invoices)).toHaveLength(invoicesBefore.length);
  });

  it('are unique in the database itself, as is one credit note per refund', async () => {
    const db = await getDb();
    const [taken] = await db.select().from(creditNotes).limit(1);
    const fresh = await returnedOrder('cn.duplicate@example.in');
    const { id } = await orderId(fresh);
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, id));
    const [received] = await db.select().from(returns).where(eq(returns.orderId, id));
    const { id: _taken, ...copy } = taken;
    const own = {
      ...copy,
      orderId: id,
      invoiceId: invoice.id,
      returnId: received.id,
      sequence: 999_999,
      creditNoteNumber: 'VCN/99-00/999999',
    };
    const refusedBy = async (values: typeof own, constraint: string) => {
      const error = await db
        .insert(creditNotes)
        .values(values)
        .then(
          () => null,
          (e: Error & { cause?: Error }) => e,
        );
      expect(String(error?.cause?.message ?? error?.message), constraint).toContain(constraint);
    };
    await refusedBy({ ...own, creditNoteNumber: taken.creditNoteNumber }, 'credit_notes_credit_note_number_key');
    await refusedBy({ ...own, sequence: taken.sequence }, 'credit_notes_financial_year_sequence_key');
    await refusedBy({ ...own, returnId: taken.returnId }, 'credit_notes_return_id_key');
    await refusedBy({ ...own, totalPaise: own.totalPaise + 1 }, 'credit_notes_total_check');
    expect(await creditNoteOf(fresh)).toBeNull();
  });
});

describe('downloads and the refund mail', () => {
  it('the owner, the signed link and staff get the credit note; others a 404, as for the invoice', async () => {
    const auth = await getAuth();
    const { user } = await auth.api.signUpEmail({
      body: { name: 'Refunded Buyer', email: 'cn.owner@example.in', password: 'tulsi-leaf-42' },
    });
    const { user: stranger } = await auth.api.signUpEmail({
      body: { name: 'Someone Else', email: 'cn.other@example.in', password: 'tulsi-leaf-42' },
    });
    const owner = { customer: { id: user.id } };
    const number = await returnedOrder(user.email, { id: user.id, email: user.email });
    const token = orderAccessToken(number, user.email);
    expect((await documentResponse(number, 'credit-note', owner)).status).toBe(404); // not refunded yet
    expect((await loadOrderPage(number, owner))!.creditNotes).toEqual([]);

    expect(
      await moveOrder(staff, number, {
        move: 'refund',
        payoutReference: 'UTR-1',
        refundAmount: '150',
        note: 'Part of the price kept for the opened pack.',
      }),
    ).toEqual({ ok: true });
    const creditNote = (await creditNoteOf(number))!;
    const [invoice] = await (await getDb()).select().from(invoices).where(eq(invoices.id, creditNote.invoiceId));

    const mine = await documentResponse(number, 'credit-note', owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toBe('application/pdf');
    expect(mine.headers.get('content-disposition')).toBe(
      `attachment; filename="credit-note-${creditNote.creditNoteNumber.replaceAll('/', '-')}.pdf"`,
    );
    const text = await pdfText(await mine.arrayBuffer());
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Credit note number: ${creditNote.creditNoteNumber}`);
    expect(text).toContain(`Original invoice: ${invoice.invoiceNumber}`);
    expect(text).toContain('Reason: Goods returned');
    expect(text).toContain(`CGST: ${formatPaise(creditNote.cgstPaise)}`);
    expect(text).toContain('Credit note total (Rs.): 150.00');

    expect((await documentResponse(number, 'credit-note', { customer: null, token })).status).toBe(200);
    expect((await documentResponse(number, 'credit-note', 'staff')).status).toBe(200);
    expect((await documentResponse(number, 'credit-note', { customer: { id: stranger.id } })).status).toBe(404);
    expect((await documentResponse(number, 'credit-note', { customer: null })).status).toBe(404);
    expect((await documentResponse(number, 'credit-note', { customer: null, token: `${token}x` })).status).toBe(404);
    expect((await documentResponse(number, 'receipt', 'staff')).status).toBe(404);
    // The invoice is still there beside it.
    expect((await documentResponse(number, 'invoice', owner)).status).toBe(200);

    expect((await loadOrderPage(number, owner))!.creditNotes).toEqual([
      { number: creditNote.creditNoteNumber, returnId: creditNote.returnId, url: `/orders/${number}/credit-note.pdf` },
    ]);
    expect((await loadOrderPage(number, { customer: null, token }))!.creditNotes).toEqual([
      {
        number: creditNote.creditNoteNumber,
        returnId: creditNote.returnId,
        url: `/order/${number}/credit-note.pdf?token=${encodeURIComponent(token)}`,
      },
    ]);
    expect((await documentResponse(number, 'credit-note-2', owner)).status).toBe(404); // refunded once: no second credit note
  });

  it('the refund mail carries the credit note PDF, made when the mail is sent', async () => {
    const number = await returnedOrder('cn.mail@example.in');
    expect(
      await moveOrder(staff, number, {
        move: 'refund',
        payoutReference: 'UTR-1',
        refundAmount: '200',
        note: 'Part of the price kept for the opened pack.',
      }),
    ).toEqual({ ok: true });
    const creditNote = (await creditNoteOf(number))!;
    const db = await getDb();
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order_refunded'), eq(emailOutbox.toAddress, 'cn.mail@example.in')));
    expect(mail.attachments).toEqual([{ kind: 'credit-note', orderId: creditNote.orderId, nth: 1 }]);
    expect(mail.textBody).toContain(
      `Our GST credit note ${creditNote.creditNoteNumber} for the refund is attached as a PDF.`,
    );
    await processOutbox({ limit: 500 });
    const dir = path.join(dataDir(), 'mail');
    const file = readdirSync(dir).find((f) => f.startsWith(String(mail.id).padStart(6, '0')));
    const eml = readFileSync(path.join(dir, file!), 'utf8');
    expect(eml).toContain('Content-Type: application/pdf');
    expect(eml).toContain(`credit-note-${creditNote.creditNoteNumber.replaceAll('/', '-')}.pdf`);
  });
});
