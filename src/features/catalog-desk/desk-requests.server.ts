// What the catalogue desk's pages do with a POST: one function per page, so the routes stay thin.
// Success answers with a redirect back to the page (Post/Redirect/Get) carrying a notice key;
// a refusal (a typed code, src/server/http/form.server.ts) re-renders the page with its message and
// per-field errors.
import type { Refusal } from '../../lib/errors';
import { byIntent, refuse, type FormOutcome, type FormRefusal, type PostedForm } from '../../server/http/form.server';
import { createCategory, moveCategory, renameCategory } from './categories.server';
import { addFaq, deleteFaq, moveFaq, updateFaq } from './faqs.server';
import { addProductMedia, deleteProductMedia, moveProductMedia } from './media.server';
import { saveKitContents } from './kits.server';
import { archiveProduct, createProduct, restoreProduct, updateProduct } from './products.server';
import { kickBackInStock } from '../restock/restock.server';
import { receiveBatch, removeBatchPacks } from '../stock/batches.server';
import { updateWellnessGoal } from './wellness.server';

export const NOTICES = {
  created: 'Product created. It is on the storefront now.',
  saved: 'Changes saved. The storefront shows them now.',
  stock: 'Stock updated.',
  kit: 'Kit contents saved. The storefront shows them now.',
  batch: 'Batch received: its packs are on sale now.',
  archived: 'Product archived: it is off the storefront; past orders still show it.',
  restored: 'Product restored to the storefront.',
  uploaded: 'File uploaded to the gallery.',
  moved: 'Order changed.',
  deleted: 'Deleted.',
  faq: 'FAQ saved.',
  category: 'Category saved.',
  wellness: 'Wellness goal saved.',
} as const;
export type NoticeKey = keyof typeof NOTICES;

export const noticeFrom = (url: URL): string | undefined => NOTICES[url.searchParams.get('notice') as NoticeKey];

export type Outcome = FormOutcome;

const back = (path: string, notice: NoticeKey, anchor = ''): FormOutcome => ({
  ok: true,
  redirect: `${path}?notice=${notice}${anchor}`,
});
/** A catalogue module's refusal, shown on the form it came from. */
const refused = (refusal: Refusal, more: Omit<FormRefusal, 'ok' | 'code' | 'message'> = {}): FormRefusal => ({
  ...refusal,
  ...more,
});

export async function newProductRequest(form: PostedForm): Promise<Outcome> {
  const made = await createProduct(form.data);
  if (made.ok) return back(`/admin/products/${made.id}`, 'created');
  return refused(made, { form });
}

/** Every form of the product edit page, told apart by its `intent`. */
export async function editProductRequest(productId: number, form: PostedForm): Promise<Outcome> {
  const path = `/admin/products/${productId}`;
  const notFound = refuse('not_found', 'There is no such item on this product.');
  const moved = async (done: Promise<boolean>, notice: NoticeKey, anchor = '') =>
    (await done) ? back(path, notice, anchor) : notFound;
  const faqSaved = async (target: string, saving: Promise<Awaited<ReturnType<typeof addFaq>>>) => {
    const result = await saving;
    return result.ok ? back(path, 'faq', '#faqs') : refused(result, { form, target });
  };
  return byIntent(form, {
    save: async () => {
      const saved = await updateProduct(productId, form.data);
      return saved.ok ? back(path, 'saved') : refused(saved, { form, target: 'details' });
    },
    // A delivery: a new batch with its number, dates and packs.
    batch: async () => {
      const result = await receiveBatch(productId, {
        batchNumber: form.text('batchNumber'),
        manufacturedOn: form.text('manufacturedOn'),
        expiresOn: form.text('expiresOn'),
        packs: form.text('packs'),
      });
      // Packs on sale again: those waiting for this product hear of it.
      if (result.ok) kickBackInStock();
      return result.ok ? back(path, 'batch', '#stock') : refused(result, { form, target: 'batch' });
    },
    // Packs leaving a batch other than by an order: damaged, lost, past the shelf-life line.
    stock: async () => {
      const result = await removeBatchPacks(productId, form.id('batchId'), form.text('packs'));
      return result.ok
        ? back(path, 'stock', '#stock')
        : refused(result, { errors: { packs: result.message }, form, target: 'stock' });
    },
    archive: async () => {
      const archived = await archiveProduct(productId);
      return archived.ok ? back(path, 'archived') : refused(archived);
    },
    // A kit's contents: which products, how many packs of each in one kit.
    kit: async () => {
      const saved = await saveKitContents(productId, form.data);
      return saved.ok ? back(path, 'kit', '#kit') : refused(saved, { form, target: 'kit' });
    },
    restore: async () => {
      // Refused without the posted form: the details form shows the saved values with each missing declaration marked.
      const restored = await restoreProduct(productId);
      return restored.ok ? back(path, 'restored') : refused(restored, { target: 'details' });
    },
    upload: async () => {
      const uploaded = await addProductMedia(productId, form.data.get('file'), form.text('alt'));
      return uploaded.ok
        ? back(path, 'uploaded', '#media')
        : refused(uploaded, { errors: { file: uploaded.message }, target: 'media' });
    },
    'media-up': () => moved(moveProductMedia(productId, form.id('mediaId'), 'up'), 'moved', '#media'),
    'media-down': () => moved(moveProductMedia(productId, form.id('mediaId'), 'down'), 'moved', '#media'),
    'media-delete': () => moved(deleteProductMedia(productId, form.id('mediaId')), 'deleted', '#media'),
    'faq-add': () => faqSaved('faq-new', addFaq(productId, form.data)),
    'faq-save': () => faqSaved(`faq-${form.id('faqId')}`, updateFaq(productId, form.id('faqId'), form.data)),
    'faq-up': () => moved(moveFaq(productId, form.id('faqId'), 'up'), 'moved', '#faqs'),
    'faq-down': () => moved(moveFaq(productId, form.id('faqId'), 'down'), 'moved', '#faqs'),
    'faq-delete': () => moved(deleteFaq(productId, form.id('faqId')), 'deleted', '#faqs'),
  });
}

export async function categoriesRequest(form: PostedForm): Promise<Outcome> {
  const path = '/admin/categories';
  const code = form.text('code');
  const saved = async (target: string, saving: ReturnType<typeof createCategory>) => {
    const result = await saving;
    return result.ok ? back(path, 'category') : refused(result, { form, target });
  };
  const move = async (direction: 'up' | 'down') =>
    (await moveCategory(code, direction)) ? back(path, 'moved') : refuse('not_found', 'There is no such category.');
  return byIntent(form, {
    create: () => saved('new', createCategory(form.data)),
    rename: () => saved(code, renameCategory(code, form.data)),
    up: () => move('up'),
    down: () => move('down'),
  });
}

export async function wellnessRequest(form: PostedForm): Promise<Outcome> {
  return byIntent(form, {
    save: async () => {
      const key = form.text('key');
      const result = await updateWellnessGoal(key, form.data);
      return result.ok ? back('/admin/wellness', 'wellness') : refused(result, { form, target: key });
    },
  });
}
