// What the catalogue desk's pages do with a POST: one function per page, so the routes stay thin.
// Success answers with a redirect back to the page (Post/Redirect/Get) carrying a notice key;
// a refusal re-renders the page with its status, message and per-field errors.
import type { StaffRole } from '../auth/staff.server';
import { createCategory, moveCategory, renameCategory } from './categories.server';
import { addFaq, deleteFaq, moveFaq, updateFaq } from './faqs.server';
import { field } from './form-values';
import { addProductMedia, deleteProductMedia, moveProductMedia } from './media.server';
import { adjustStock, createProduct, setArchived, updateProduct } from './products.server';
import { updateWellnessGoal } from './wellness.server';

export const NOTICES = {
  created: 'Product created. It is on the storefront now.',
  saved: 'Changes saved. The storefront shows them now.',
  stock: 'Stock updated.',
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

export interface Refused { status: number; error: string; errors?: Record<string, string>; form?: FormData; target?: string }
export type Outcome = { redirect: string } | Refused;

export const canManageCatalogue = (role: StaffRole) => role === 'owner' || role === 'admin';

export const NOT_ALLOWED: Refused = { status: 403, error: 'Only owners and admins can change the catalogue.' };
const UNKNOWN_INTENT: Refused = { status: 400, error: 'That is not something this page can do.' };
const CHECK_FIELDS = 'Please check the details marked below. Nothing was changed.';

const back = (path: string, notice: NoticeKey, anchor = '') => ({ redirect: `${path}?notice=${notice}${anchor}` });
const idOf = (form: FormData, name: string) => { const v = field(form, name); return /^\d{1,9}$/.test(v) ? Number(v) : 0; };

export async function newProductRequest(form: FormData): Promise<Outcome> {
  const made = await createProduct(form);
  if (made.ok) return back(`/admin/products/${made.id}`, 'created');
  return { status: made.status, error: CHECK_FIELDS, errors: made.errors, form };
}

/** Every form of the product edit page, told apart by its `intent`. */
export async function editProductRequest(productId: number, form: FormData): Promise<Outcome> {
  const path = `/admin/products/${productId}`;
  const intent = field(form, 'intent');
  const notFound = { status: 404, error: 'There is no such item on this product.' };
  switch (intent) {
    case 'save': {
      const saved = await updateProduct(productId, form);
      return saved.ok ? back(path, 'saved') : { status: saved.status, error: saved.message ?? CHECK_FIELDS, errors: saved.errors, form, target: 'details' };
    }
    case 'stock': {
      const result = await adjustStock(productId, field(form, 'change'));
      return result.ok ? back(path, 'stock', '#stock') : { status: result.status, error: result.message, errors: { change: result.message }, form, target: 'stock' };
    }
    case 'archive':
    case 'restore':
      return (await setArchived(productId, intent === 'archive')) ? back(path, intent === 'archive' ? 'archived' : 'restored') : notFound;
    case 'upload': {
      const uploaded = await addProductMedia(productId, form.get('file'), field(form, 'alt'));
      return uploaded.ok ? back(path, 'uploaded', '#media') : { status: uploaded.status, error: uploaded.message, errors: { file: uploaded.message }, target: 'media' };
    }
    case 'media-up':
    case 'media-down':
      return (await moveProductMedia(productId, idOf(form, 'mediaId'), intent === 'media-up' ? 'up' : 'down')) ? back(path, 'moved', '#media') : notFound;
    case 'media-delete':
      return (await deleteProductMedia(productId, idOf(form, 'mediaId'))) ? back(path, 'deleted', '#media') : notFound;
    case 'faq-add':
    case 'faq-save': {
      const faqId = idOf(form, 'faqId');
      const result = intent === 'faq-add' ? await addFaq(productId, form) : await updateFaq(productId, faqId, form);
      if (result.ok) return back(path, 'faq', '#faqs');
      return { status: result.status, error: result.message ?? CHECK_FIELDS, errors: result.errors, form, target: intent === 'faq-add' ? 'faq-new' : `faq-${faqId}` };
    }
    case 'faq-up':
    case 'faq-down':
      return (await moveFaq(productId, idOf(form, 'faqId'), intent === 'faq-up' ? 'up' : 'down')) ? back(path, 'moved', '#faqs') : notFound;
    case 'faq-delete':
      return (await deleteFaq(productId, idOf(form, 'faqId'))) ? back(path, 'deleted', '#faqs') : notFound;
    default:
      return UNKNOWN_INTENT;
  }
}

export async function categoriesRequest(form: FormData): Promise<Outcome> {
  const path = '/admin/categories';
  const intent = field(form, 'intent');
  const code = field(form, 'code');
  if (intent === 'create' || intent === 'rename') {
    const result = intent === 'create' ? await createCategory(form) : await renameCategory(code, form);
    return result.ok ? back(path, 'category') : { status: result.status, error: CHECK_FIELDS, errors: result.errors, form, target: intent === 'create' ? 'new' : code };
  }
  if (intent === 'up' || intent === 'down') {
    return (await moveCategory(code, intent)) ? back(path, 'moved') : { status: 404, error: 'There is no such category.' };
  }
  return UNKNOWN_INTENT;
}

export async function wellnessRequest(form: FormData): Promise<Outcome> {
  if (field(form, 'intent') !== 'save') return UNKNOWN_INTENT;
  const key = field(form, 'key');
  const result = await updateWellnessGoal(key, form);
  return result.ok ? back('/admin/wellness', 'wellness') : { status: result.status, error: CHECK_FIELDS, errors: result.errors, form, target: key };
}
