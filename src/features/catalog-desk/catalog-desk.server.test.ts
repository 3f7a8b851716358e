// The catalogue back office on a real database: what an owner's edits do to the storefront, what bad
// input is refused with (and that it changes nothing), stock edits racing checkouts, media uploads,
// and the NOTIFY that tells every server process to drop its cached pages.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartWith } from '../../../tests/support/carts';
import { COMPLETE_DECLARATIONS } from '../../../tests/support/declarations';
import { dayFromToday, FIRST_BATCH } from '../../../tests/support/batches';
import { BATCH_MESSAGES, productBatches, receiveBatch, removeBatchPacks, stockBalance } from '../stock/batches.server';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { viewCart } from '../cart/cart.server';
import { getFaqs, getMedia, getProductById, listBySlugs, listProducts } from '../catalog/catalog.server';
import { startCatalogueListener } from '../catalog/catalogue-changes.server';
import { loadProductPage } from '../catalog/product.server';
import { setRouteCacheForTests } from '../../server/http/route-cache-handle';
import { searchProducts } from '../search/search.server';
import { placeOrder } from '../checkout/checkout.server';
import { storage } from '../../server/storage/storage.server';
import { CATEGORY_MESSAGES, createCategory, renameCategory } from './categories.server';
import { addFaq, deleteFaq, FAQ_MESSAGES, moveFaq } from './faqs.server';
import {
  addProductMedia,
  deleteProductMedia,
  MEDIA_LIMITS,
  MEDIA_MESSAGES,
  moveProductMedia,
  serveProductMedia,
} from './media.server';
import { UPLOAD_MESSAGES } from '../../server/storage/uploads.server';
import { decompressionBombPng } from '../../../tests/support/images';
import { loadWellnessGoals } from '../layout/layout.server';
import { listDeskWellnessGoals, updateWellnessGoal, WELLNESS_MESSAGES, wellnessGoalFor } from './wellness.server';
import { SEARCH_ALIAS_LIMITS, SEARCH_ALIAS_MESSAGE } from './search-aliases';
import { CHECK_FIELDS } from './form-values';
import {
  createProduct,
  getDeskProduct,
  listDeskProducts,
  PRODUCT_MESSAGES,
  archiveProduct,
  restoreProduct,
  updateProduct,
} from './products.server';

const productForm = (over: Record<string, string | string[]> = {}) => {
  const values: Record<string, string | string[]> = {
    name: 'Brahmi Focus Drops',
    slug: '',
    price: '1200',
    discountPrice: '999',
    plan2: '949',
    plan3: '899',
    plan4: '849',
    categories: ['MIND_MOOD'],
    stock: '40',
    tags: 'new, lab-tested',
    bestseller: 'on',
    isFavorite: 'on',
    buyOneGetOne: '',
    subheader: 'Calm focus, the classical way',
    subheaderDescription: 'Brahmi and shankhpushpi in a daily dropper.',
    description: 'A gentle daily tincture of brahmi.',
    whyYoullLoveIt: 'Clear mornings\r\nNo caffeine\n\n',
    yourDailyDoseOfStrength: 'Brahmi 500 mg',
    resultsYouCanSeeAndFeel: 'Steadier attention within weeks.',
    craftedDifferentlyForBetterResults: 'Cold extracted.',
    productIngredientsWithIntention: 'Each herb chosen for focus.',
    howToTake: '20 drops in warm water after breakfast.',
    ingredients: 'Brahmi, shankhpushpi, water',
    type: 'Drops',
    weight1: '30 ml',
    flavours: 'Unflavoured',
    claims: 'Vegan',
    imageSrc: '/banners/brand.svg',
    featuredRank: '5',
    ...FIRST_BATCH,
    ...COMPLETE_DECLARATIONS,
    ...over,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) for (const v of [value].flat()) form.append(key, v);
  return form;
};

const productCount = async () => (await (await getDb()).select({ id: t.products.id }).from(t.products)).length;

let customerOrder = 0;
const order = (productId: number) => ({
  email: `buyer-${++customerOrder}@example.in`,
  phone: '9876543210',
  usePoints: false,
  expectedTotal: null,
  address: {
    name: 'Asha Rao',
    line1: '12 Ganga Road',
    line2: '',
    city: 'Haridwar',
    state: 'Uttarakhand',
    pin: '249401',
  },
  idempotencyKey: `catalog-desk-${Date.now()}-${productId}-${customerOrder}-abcdef`,
});

describe('creating and editing products', () => {
  it('a product made with every field is on the shelf and its page at once, plans priced from the form', async () => {
    const made = await createProduct(productForm());
    expect(made).toMatchObject({ ok: true });
    const id = (made as { id: number }).id;
    const page = await loadProductPage(id);
    expect(page?.product).toMatchObject({
      name: 'Brahmi Focus Drops',
      slug: 'brahmi-focus-drops',
      price: 1200,
      discountPrice: 999,
      stock: 40,
      tags: ['bestseller', 'new', 'lab-tested'],
      isFavorite: true,
      buyOneGetOne: false,
      category: 'Mind & Mood',
      whyYoullLoveIt: ['Clear mornings', 'No caffeine'],
      howToTake: '20 drops in warm water after breakfast.',
      weight1: '30 ml',
    });
    expect(page?.planOptions.map((o) => [o.months, o.perPack])).toEqual([
      [1, 999],
      [2, 949],
      [3, 899],
      [4, 849],
    ]);
    expect((await listProducts({ pageSize: 100 })).items.map((p) => p.id)).toContain(id);
  });

  it('refuses bad input field by field, with a 422, and creates nothing', async () => {
    const before = await productCount();
    const refusals: [Record<string, string | string[]>, string, string][] = [
      [{ price: '-5' }, 'price', PRODUCT_MESSAGES.price],
      [{ price: '99.5' }, 'price', PRODUCT_MESSAGES.price],
      [
        { price: '500', discountPrice: '600', plan2: '', plan3: '', plan4: '' },
        'discountPrice',
        PRODUCT_MESSAGES.discountAboveMrp,
      ],
      [{ discountPrice: 'cheap' }, 'discountPrice', PRODUCT_MESSAGES.discountPrice],
      [{ plan2: '1300' }, 'plans', PRODUCT_MESSAGES.plan],
      [{ plan2: '', plan3: '900' }, 'plans', PRODUCT_MESSAGES.planOrder],
      [{ categories: [] }, 'categories', PRODUCT_MESSAGES.categories],
      [{ categories: ['NOT_A_CATEGORY'] }, 'categories', PRODUCT_MESSAGES.categories],
      [{ name: '', slug: 'x-y' }, 'name', PRODUCT_MESSAGES.name],
      [{ slug: 'Bad Slug!' }, 'slug', PRODUCT_MESSAGES.slug],
      [{ stock: '-1' }, 'stock', PRODUCT_MESSAGES.stock],
      [{ hsnCode: '30A4' }, 'hsnCode', PRODUCT_MESSAGES.hsnCode],
      [{ hsnCode: '30049' }, 'hsnCode', PRODUCT_MESSAGES.hsnCode],
      [{ gstRate: '7' }, 'gstRate', PRODUCT_MESSAGES.gstRate],
    ];
    for (const [over, field, message] of refusals) {
      const result = await createProduct(productForm({ slug: `refused-${field}`, ...over }));
      expect(result, JSON.stringify(over)).toMatchObject({ ok: false, code: 'unprocessable' });
      expect((result as { errors: Record<string, string> }).errors[field], JSON.stringify(over)).toBe(message);
    }
    expect(await productCount()).toBe(before);
  });

  it('keeps each product’s HSN code and GST rate for its invoices (18 % food supplement unless set)', async () => {
    const plain = (await createProduct(productForm({ name: 'Brahmi Drops', slug: 'brahmi-drops' }))) as { id: number };
    expect(await getDeskProduct(plain.id)).toMatchObject({ hsnCode: '21069099', gstRate: 18 });
    expect(
      await updateProduct(
        plain.id,
        productForm({ name: 'Brahmi Drops', slug: 'brahmi-drops', hsnCode: '3004 90 11', gstRate: '5 %' }),
      ),
    ).toEqual({ ok: true });
    expect(await getDeskProduct(plain.id)).toMatchObject({ hsnCode: '30049011', gstRate: 5 });
    expect(await getDeskProduct(1)).toMatchObject({ hsnCode: '30049011', gstRate: 5 }); // the seed's Shilajit resin
  });

  it('refuses an address another product has (409), on create and on edit, and changes nothing', async () => {
    const before = await productCount();
    expect(await createProduct(productForm({ slug: 'ashwagandha' }))).toEqual({
      ok: false,
      code: 'conflict',
      message: CHECK_FIELDS,
      errors: { slug: PRODUCT_MESSAGES.duplicateSlug('ashwagandha') },
    });
    expect(await productCount()).toBe(before);
    const other = (await createProduct(productForm({ name: 'Tulsi Tea', slug: 'tulsi-tea' }))) as { id: number };
    expect(await updateProduct(other.id, productForm({ name: 'Renamed', slug: 'ashwagandha' }))).toMatchObject({
      ok: false,
      code: 'conflict',
    });
    expect((await getProductById(other.id))?.name).toBe('Tulsi Tea');
  });

  it('an edited price is what the product page and the cart charge; a dropped plan leaves the picker', async () => {
    const { id } = (await createProduct(productForm({ name: 'Guduchi Tablets', slug: 'guduchi-tablets' }))) as {
      id: number;
    };
    expect(
      await updateProduct(
        id,
        productForm({
          name: 'Guduchi Tablets',
          slug: 'guduchi-tablets',
          price: '800',
          discountPrice: '',
          plan2: '750',
          plan3: '',
          plan4: '',
        }),
      ),
    ).toEqual({ ok: true });
    const page = await loadProductPage(id);
    expect(page?.planOptions.map((o) => [o.months, o.perPack])).toEqual([
      [1, 800],
      [2, 750],
    ]);
    const cart = await cartWith([{ productId: id, quantity: 1, months: 2 }]);
    expect((await viewCart(cart, null)).quote.lines[0]).toMatchObject({ unitPrice: 1500 });
    expect(await updateProduct(999_999, productForm())).toMatchObject({ ok: false, code: 'not_found' });
  });

  it('the desk finds products by name, category, archived and low stock', async () => {
    const { id } = (await createProduct(
      productForm({
        name: 'Shatavari Granules',
        slug: 'shatavari-granules',
        stock: '2',
        categories: ['GUT_DIGESTIVE_HARMONY'],
      }),
    )) as { id: number };
    expect((await listDeskProducts({ q: 'shatavari' })).map((p) => p.id)).toEqual([id]);
    expect((await listDeskProducts({ category: 'GUT_DIGESTIVE_HARMONY' })).map((p) => p.id)).toContain(id);
    expect((await listDeskProducts({ category: 'MIND_MOOD' })).map((p) => p.id)).not.toContain(id);
    expect((await listDeskProducts({ lowStock: true })).every((p) => p.stock <= 5)).toBe(true);
    expect((await listDeskProducts({ lowStock: true })).map((p) => p.id)).toContain(id);
    await archiveProduct(id);
    expect(await listDeskProducts({ q: 'shatavari' })).toEqual([]);
    expect((await listDeskProducts({ q: 'shatavari', status: 'archived' })).map((p) => p.id)).toEqual([id]);
  });
});

describe('forbidden claims in product copy', () => {
  it('refuses copy that claims to cure a disease, naming the words in the field, and saves nothing', async () => {
    const before = await productCount();
    const made = await createProduct(
      productForm({
        slug: 'claims-new',
        description: 'A daily drop that cures diabetes.',
        whyYoullLoveIt: 'No side effects',
      }),
    );
    expect(made).toMatchObject({ ok: false, code: 'unprocessable' });
    const errors = (made as { errors: Record<string, string> }).errors;
    expect(errors.description).toMatch(/^Remove “cures diabetes”:/);
    expect(errors.whyYoullLoveIt).toMatch(/^Remove “No side effects”:/);
    expect(await productCount()).toBe(before);

    const saved = (await createProduct(
      productForm({
        slug: 'claims-edit',
        name: 'Karela Drops',
        description: 'Supports healthy blood sugar levels already in the normal range.',
      }),
    )) as { id: number };
    expect(saved.id).toBeGreaterThan(0);
    const refused = await updateProduct(
      saved.id,
      productForm({
        slug: 'claims-edit',
        name: 'Karela Drops',
        price: '900',
        subheader: 'Guaranteed results, 100% cure',
      }),
    );
    expect(refused).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: { subheader: expect.stringMatching(/^Remove “Guaranteed results”, “100% cure”:/) },
    });
    expect(await getDeskProduct(saved.id)).toMatchObject({ price: 1200, subheader: 'Calm focus, the classical way' });

    const faq = new FormData();
    faq.set('question', 'Does it help with PCOS?');
    faq.set('answer', 'Yes, it regulates periods.');
    expect(await addFaq(saved.id, faq)).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: {
        question: expect.stringMatching(/^Remove “PCOS”:/),
        answer: expect.stringMatching(/^Remove “regulates periods”:/),
      },
    });
    expect(await getFaqs(saved.id)).toEqual([]);
  });
});

describe('search aliases', () => {
  it('the owner adds other names (a Hindi name) and shoppers find the product by them; bad lists change nothing', async () => {
    const { id } = (await createProduct(
      productForm({
        name: 'Moringa Leaf Powder',
        slug: 'moringa-leaf-powder',
        searchAliases: 'सहजन, drumstick leaf\nSahjan, DRUMSTICK LEAF',
      }),
    )) as { id: number };
    expect((await getDeskProduct(id))?.searchAliases).toEqual(['सहजन', 'drumstick leaf', 'Sahjan']);
    expect((await searchProducts('सहजन')).products.map((p) => p.id)).toContain(id);
    expect((await searchProducts('sahjan')).products.map((p) => p.id)).toContain(id);

    const tooMany = Array.from({ length: SEARCH_ALIAS_LIMITS.count + 1 }, (_, i) => `alias ${i}`).join('\n');
    expect(
      await updateProduct(
        id,
        productForm({ name: 'Moringa Leaf Powder', slug: 'moringa-leaf-powder', searchAliases: tooMany }),
      ),
    ).toEqual({
      ok: false,
      code: 'unprocessable',
      message: CHECK_FIELDS,
      errors: { searchAliases: SEARCH_ALIAS_MESSAGE },
    });
    expect((await getDeskProduct(id))?.searchAliases).toEqual(['सहजन', 'drumstick leaf', 'Sahjan']);

    expect(
      await updateProduct(
        id,
        productForm({ name: 'Moringa Leaf Powder', slug: 'moringa-leaf-powder', searchAliases: 'मुनगा' }),
      ),
    ).toEqual({ ok: true });
    expect((await searchProducts('मुनगा')).products.map((p) => p.id)).toContain(id);
    expect((await searchProducts('सहजन')).products.map((p) => p.id)).not.toContain(id);
  });
});

describe('archiving', () => {
  it('takes a product off the shelf, its page, searches and carts; its orders still show it; restoring brings it back', async () => {
    const { id } = (await createProduct(productForm({ name: 'Triphala Churna', slug: 'triphala-churna' }))) as {
      id: number;
    };
    const placed = await placeOrder(order(id), await cartWith([{ productId: id, quantity: 1 }]), null);
    expect(placed.ok).toBe(true);
    const waitingCart = await cartWith([{ productId: id, quantity: 1 }]);
    expect((await searchProducts('triphala churna')).products.map((p) => p.id)).toContain(id);

    expect(await archiveProduct(id)).toEqual({ ok: true });
    expect((await listProducts({ pageSize: 500 })).items.map((p) => p.id)).not.toContain(id);
    expect(await listBySlugs(['triphala-churna'])).toEqual([]);
    expect((await searchProducts('triphala churna')).products.map((p) => p.id)).not.toContain(id);
    expect(await loadProductPage(id)).toBeNull();
    expect((await viewCart(waitingCart, null)).quote.lines).toEqual([]);
    const db = await getDb();
    expect(
      await db.select({ name: t.orderLines.name }).from(t.orderLines).where(eq(t.orderLines.productId, id)),
    ).toEqual([{ name: 'Triphala Churna' }]);
    expect((await getDeskProduct(id))?.archivedAt).toBeInstanceOf(Date);

    expect(await restoreProduct(id)).toEqual({ ok: true });
    expect(await loadProductPage(id)).not.toBeNull();
    expect((await archiveProduct(999_999)).ok).toBe(false);
  });
});

describe('stock', () => {
  const batch = (over: Partial<Record<'batchNumber' | 'manufacturedOn' | 'expiresOn' | 'packs', string>> = {}) => ({
    batchNumber: 'AC-2610',
    manufacturedOn: dayFromToday(-40),
    expiresOn: dayFromToday(500),
    packs: '10',
    ...over,
  });

  it('a new product’s packs are its first batch; receiving a batch adds its packs; removing takes them from one batch', async () => {
    const { id } = (await createProduct(productForm({ name: 'Amla Candy', slug: 'amla-candy', stock: '3' }))) as {
      id: number;
    };
    expect((await productBatches(id)).map((b) => [b.batchNumber, b.remaining])).toEqual([['TEST-2611', 3]]);
    expect(await receiveBatch(id, batch())).toEqual({ ok: true, quantity: 13 });
    const [first, second] = await productBatches(id); // first to expire first
    expect([first.batchNumber, second.batchNumber]).toEqual(['AC-2610', 'TEST-2611']);
    expect(await removeBatchPacks(id, first.id, '10')).toEqual({ ok: true, quantity: 3 });
    expect(await removeBatchPacks(id, second.id, '4')).toEqual({
      ok: false,
      code: 'conflict',
      message: BATCH_MESSAGES.tooFewInBatch('TEST-2611', 3),
    });
    for (const bad of ['', '0', 'ten', '1.5', '-2'])
      expect(await removeBatchPacks(id, second.id, bad)).toMatchObject({ ok: false, code: 'unprocessable' });
    expect(await removeBatchPacks(999_999, second.id, '1')).toMatchObject({ ok: false, code: 'not_found' });
    expect((await getProductById(id))?.stock).toBe(3);
    expect(await stockBalance(await getDb(), id)).toEqual({ sellable: 3, inBatches: 3, awaitingShipment: 0 });
  });

  it('refuses a batch without its number or dates, a duplicate, or one already past the shelf-life line, changing nothing', async () => {
    const { id } = (await createProduct(productForm({ name: 'Kokum Butter', slug: 'kokum-butter', stock: '0' }))) as {
      id: number;
    };
    expect(
      await receiveBatch(id, batch({ batchNumber: '', manufacturedOn: '2026-02-30', expiresOn: '' })),
    ).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: {
        batchNumber: BATCH_MESSAGES.batchNumber,
        manufacturedOn: BATCH_MESSAGES.manufacturedOn,
        expiresOn: BATCH_MESSAGES.expiresOn,
      },
    });
    expect(await receiveBatch(id, batch({ manufacturedOn: dayFromToday(1) }))).toMatchObject({
      errors: { manufacturedOn: BATCH_MESSAGES.manufacturedOn },
    });
    // Two years' shelf life, 100 days left: the line is 219 days (30 %) plus 10 for delivery.
    expect(
      await receiveBatch(id, batch({ manufacturedOn: dayFromToday(-630), expiresOn: dayFromToday(100) })),
    ).toMatchObject({
      ok: false,
      code: 'unprocessable',
      message: BATCH_MESSAGES.pastLine,
    });
    expect(await receiveBatch(id, batch())).toMatchObject({ ok: true, quantity: 10 });
    expect(await receiveBatch(id, batch({ batchNumber: 'ac-2610' }))).toMatchObject({ ok: false, code: 'conflict' });
    expect((await getProductById(id))?.stock).toBe(10);
    expect(await productBatches(id)).toHaveLength(1);
  });

  it('a new product with packs but no batch dates is refused, field by field', async () => {
    const result = await createProduct(
      productForm({ name: 'Bael Murabba', slug: 'bael-murabba', stock: '5', batchNumber: '', expiresOn: '' }),
    );
    expect(result).toMatchObject({
      ok: false,
      errors: { batchNumber: BATCH_MESSAGES.batchNumber, expiresOn: BATCH_MESSAGES.expiresOn },
    });
  });

  it('an owner removing packs while shoppers check out never takes stock below zero, never removes promised packs, and every pack is counted', async () => {
    const { id } = (await createProduct(productForm({ name: 'Neem Capsules', slug: 'neem-capsules', stock: '6' }))) as {
      id: number;
    };
    const [only] = await productBatches(id);
    const carts = await Promise.all(Array.from({ length: 6 }, () => cartWith([{ productId: id, quantity: 1 }])));
    const [removal, ...orders] = await Promise.all([
      removeBatchPacks(id, only.id, '3'),
      ...carts.map((cart) => placeOrder(order(id), cart, null)),
    ]);
    const sold = orders.filter((o) => o.ok).length;
    const removed = removal.ok ? 3 : 0;
    const left = (await getProductById(id))!.stock;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(left).toBe(6 - sold - removed);
    expect(sold + removed).toBeGreaterThanOrEqual(3); // stock ran out: at least one side got what it asked for
    // The batch still holds every pack sold (they ship from it) and none removed twice.
    expect(await stockBalance(await getDb(), id)).toEqual({
      sellable: left,
      inBatches: 6 - removed,
      awaitingShipment: sold,
    });
  });
});

describe('media', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#4a7c59' } })
      .withExif({ IFD0: { Copyright: 'secret-location' } })
      .png()
      .toBuffer();
  const file = (bytes: Uint8Array | Buffer, name: string, type = 'application/octet-stream') =>
    new File([new Uint8Array(bytes)], name, { type });

  it('re-encodes an uploaded image to WebP, at most 2000 px, without its metadata, and serves it for a year', async () => {
    const { id } = (await createProduct(productForm({ name: 'Moringa Powder', slug: 'moringa-powder' }))) as {
      id: number;
    };
    const uploaded = await addProductMedia(id, file(await png(3000, 1500), 'photo.png', 'image/png'), 'Moringa jar');
    expect(uploaded).toMatchObject({
      ok: true,
      url: expect.stringMatching(new RegExp(`^/media/product_images/${id}/[a-f0-9]{16}\\.webp$`)),
    });
    const url = (uploaded as { url: string }).url;
    const [, , , productId, name] = url.split('/');
    const response = await serveProductMedia(new Request('http://store.test/'), productId, name);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(new Uint8Array(await response.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2000, height: 1000 });
    expect(meta.exif).toBeUndefined();
    expect((await getProductById(id))?.thumbnailUrl).toBe(url);
    expect((await getMedia(id)).map((m) => m.url)).toEqual([url]);
    expect(
      (await serveProductMedia(new Request('http://store.test/'), productId, 'nothere0000000000.webp')).status,
    ).toBe(404);
    expect((await serveProductMedia(new Request('http://store.test/'), '..', name)).status).toBe(404);
  });

  it('refuses SVG, non-images, oversized files and images of more than 40 megapixels, storing nothing', async () => {
    const { id } = (await createProduct(productForm({ name: 'Giloy Juice', slug: 'giloy-juice' }))) as { id: number };
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>',
    );
    expect(await addProductMedia(id, file(svg, 'art.png', 'image/png'), '')).toEqual({
      ok: false,
      code: 'unsupported',
      message: MEDIA_MESSAGES.notMedia,
    });
    expect(
      await addProductMedia(id, file(Buffer.from('MZ not an image at all'), 'photo.jpg', 'image/jpeg'), ''),
    ).toEqual({ ok: false, code: 'unsupported', message: MEDIA_MESSAGES.notMedia });
    const bigImage = new Uint8Array(MEDIA_LIMITS.imageBytes + 1);
    bigImage.set(await png(2, 2));
    expect(await addProductMedia(id, file(bigImage, 'huge.png'), '')).toEqual({
      ok: false,
      code: 'too_large',
      message: MEDIA_MESSAGES.imageTooLarge,
    });
    expect(await addProductMedia(id, file(new Uint8Array(MEDIA_LIMITS.videoBytes + 1), 'huge.mp4'), '')).toEqual({
      ok: false,
      code: 'too_large',
      message: MEDIA_MESSAGES.videoTooLarge,
    });
    const brokenPng = new Uint8Array(200);
    brokenPng.set((await png(2, 2)).subarray(0, 20));
    expect(await addProductMedia(id, file(brokenPng, 'broken.png'), '')).toEqual({
      ok: false,
      code: 'unprocessable',
      message: `${UPLOAD_MESSAGES.unreadable} Nothing was uploaded.`,
    });
    expect(await addProductMedia(id, file(decompressionBombPng(), 'poster.png'), '')).toEqual({
      ok: false,
      code: 'too_large',
      message: 'That image is too large (max 40 megapixels). Nothing was uploaded.',
    });
    expect(await addProductMedia(id, null, '')).toMatchObject({ ok: false, code: 'unprocessable' });
    expect(await getMedia(id)).toEqual([]);
  });

  it('puts files in order (the first image is the thumbnail) and deletes them from storage', async () => {
    const { id } = (await createProduct(productForm({ name: 'Tulsi Drops', slug: 'tulsi-drops' }))) as { id: number };
    const first = (await addProductMedia(id, file(await png(10, 10), 'a.png'), 'front')) as { url: string };
    const video = new Uint8Array([0, 0, 0, 0x18, ...Buffer.from('ftypmp42'), ...new Uint8Array(64)]);
    const clip = (await addProductMedia(id, file(video, 'clip.mp4'), 'how to use')) as { url: string };
    const second = (await addProductMedia(id, file(await png(20, 20), 'b.png'), 'back')) as { url: string };
    const rows = (await getDeskProduct(id))!.media;
    expect(await moveProductMedia(id, rows[2].id, 'up')).toBe(true);
    expect(await moveProductMedia(id, rows[2].id, 'up')).toBe(true);
    expect((await getMedia(id)).map((m) => m.url)).toEqual([second.url, first.url, clip.url]);
    expect((await getProductById(id))?.thumbnailUrl).toBe(second.url);
    expect(await deleteProductMedia(id, rows[2].id)).toBe(true);
    expect(await storage().get(second.url.replace('/media/', ''))).toBeNull();
    expect((await getProductById(id))?.thumbnailUrl).toBe(first.url);
    expect(await deleteProductMedia(id + 1, rows[0].id)).toBe(false);

    // A gallery file a wellness goal also shows leaves the gallery, not the storage.
    await (await getDb()).update(t.wellnessGoals).set({ image: first.url }).where(eq(t.wellnessGoals.key, 'mind'));
    expect(await deleteProductMedia(id, rows[0].id)).toBe(true);
    expect((await getMedia(id)).map((m) => m.url)).toEqual([clip.url]);
    expect(await storage().get(first.url.replace('/media/', ''))).not.toBeNull();
  });
});

describe('FAQs and categories', () => {
  const faqForm = (question: string, answer: string) => {
    const f = new FormData();
    f.set('question', question);
    f.set('answer', answer);
    return f;
  };

  it('adds, orders and deletes a product’s FAQs, refusing empty ones', async () => {
    const { id } = (await createProduct(productForm({ name: 'Ashoka Syrup', slug: 'ashoka-syrup' }))) as { id: number };
    expect(await addFaq(id, faqForm('', 'x'))).toEqual({
      ok: false,
      code: 'unprocessable',
      message: CHECK_FIELDS,
      errors: { question: FAQ_MESSAGES.question },
    });
    await addFaq(id, faqForm('Is it vegan?', 'Yes.'));
    await addFaq(id, faqForm('When to take it?', 'After meals.'));
    const [vegan, when] = await getFaqs(id);
    expect(await moveFaq(id, when.id, 'up')).toBe(true);
    expect((await getFaqs(id)).map((f) => f.question)).toEqual(['When to take it?', 'Is it vegan?']);
    expect(await deleteFaq(id, vegan.id)).toBe(true);
    expect(await deleteFaq(id, vegan.id)).toBe(false);
    expect((await getFaqs(id)).map((f) => f.question)).toEqual(['When to take it?']);
  });

  it('creates and renames categories; a rename reaches the products’ category text; duplicates are refused', async () => {
    const form = (code: string, value: string) => {
      const f = new FormData();
      f.set('code', code);
      f.set('value', value);
      return f;
    };
    expect(await createCategory(form('night_rest', 'Night & Rest'))).toEqual({ ok: true });
    expect(await createCategory(form('NIGHT_REST', 'Other'))).toEqual({
      ok: false,
      code: 'conflict',
      message: CHECK_FIELDS,
      errors: { code: CATEGORY_MESSAGES.duplicateCode('NIGHT_REST') },
    });
    expect(await createCategory(form('NIGHT_TWO', 'Mind & Mood'))).toEqual({
      ok: false,
      code: 'conflict',
      message: CHECK_FIELDS,
      errors: { value: CATEGORY_MESSAGES.duplicateValue('Mind & Mood') },
    });
    expect(await createCategory(form('bad code', ''))).toMatchObject({ ok: false, code: 'unprocessable' });
    const { id } = (await createProduct(
      productForm({ name: 'Night Rasayana', slug: 'night-rasayana', categories: ['NIGHT_REST'] }),
    )) as { id: number };
    expect(await renameCategory('NIGHT_REST', form('', 'Deep Night'))).toEqual({ ok: true });
    expect((await getProductById(id))?.category).toBe('Deep Night');
  });
});

describe('wellness goals', () => {
  const goalForm = (over: Record<string, string> = {}) => {
    const f = new FormData();
    for (const [k, v] of Object.entries({
      code: 'GUT_DIGESTIVE_HARMONY',
      name: 'Gut Calm',
      badge: 'Agni',
      headline: 'Ease after every meal',
      description: 'Digestive classics.',
      image: '/banners/wellness-gut.svg',
      ...over,
    }))
      f.set(k, v);
    return f;
  };

  it('saves what /shop-by-wellness shows for a goal, refusing other hosts’ images and unknown categories', async () => {
    expect(await updateWellnessGoal('gut', goalForm({ image: 'https://tracker.example/x.png' }))).toEqual({
      ok: false,
      code: 'unprocessable',
      message: CHECK_FIELDS,
      errors: { image: WELLNESS_MESSAGES.image },
    });
    expect(await updateWellnessGoal('gut', goalForm({ code: 'NOPE' }))).toEqual({
      ok: false,
      code: 'unprocessable',
      message: CHECK_FIELDS,
      errors: { code: WELLNESS_MESSAGES.code },
    });
    expect(await updateWellnessGoal('dreams', goalForm())).toMatchObject({ ok: false, code: 'not_found' });
    expect((await wellnessGoalFor('gut')).goal.name).toBe('Gut & Digestive Harmony');
    expect(await updateWellnessGoal('gut', goalForm())).toEqual({ ok: true });
    const { goal, goals } = await wellnessGoalFor('#gut');
    expect(goal).toMatchObject({ key: 'gut', name: 'Gut Calm', headline: 'Ease after every meal' });
    expect(goals.map((g) => g.key)).toEqual(['energy', 'gut', 'metabolic', 'immunity', 'mind', 'sleep']);
    expect((await wellnessGoalFor('unknown')).goal.key).toBe('energy');
  });

  it('renames and hides a goal everywhere the shop reads goals (menus, home cards, product chip), never the last one shown', async () => {
    const shilajit = await loadProductPage(1); // its one category: ENERGY_VITALITY
    expect(shilajit?.wellnessGoal).toEqual({ key: 'energy', name: 'Energy & Vitality' });
    expect(await updateWellnessGoal('energy', goalForm({ code: 'ENERGY_VITALITY', name: 'Daily Vigour' }))).toEqual({
      ok: true,
    });
    expect((await loadWellnessGoals()).find((g) => g.key === 'energy')?.name).toBe('Daily Vigour');
    expect((await loadProductPage(1))?.wellnessGoal).toEqual({ key: 'energy', name: 'Daily Vigour' });

    expect(
      await updateWellnessGoal('energy', goalForm({ code: 'ENERGY_VITALITY', name: 'Daily Vigour', hidden: 'on' })),
    ).toEqual({ ok: true });
    expect((await loadWellnessGoals()).map((g) => g.key)).not.toContain('energy');
    expect((await loadProductPage(1))?.wellnessGoal).toBeNull();
    expect((await wellnessGoalFor('energy')).goal.key).not.toBe('energy'); // a hidden goal's address shows the first shown one
    expect((await listDeskWellnessGoals()).find((g) => g.key === 'energy')).toMatchObject({
      hidden: true,
      name: 'Daily Vigour',
    });

    for (const key of ['metabolic', 'immunity', 'mind', 'sleep']) {
      const goal = (await listDeskWellnessGoals()).find((g) => g.key === key)!;
      expect(await updateWellnessGoal(key, goalForm({ ...goal, hidden: 'on' }))).toEqual({ ok: true });
    }
    const gut = (await listDeskWellnessGoals()).find((g) => g.key === 'gut')!;
    expect(await updateWellnessGoal('gut', goalForm({ ...gut, hidden: 'on' }))).toEqual({
      ok: false,
      code: 'unprocessable',
      message: CHECK_FIELDS,
      errors: { hidden: WELLNESS_MESSAGES.lastShown },
    });
    expect((await loadWellnessGoals()).map((g) => g.key)).toEqual(['gut']);
    for (const goal of await listDeskWellnessGoals()) {
      expect(
        await updateWellnessGoal(
          goal.key,
          goalForm({ ...goal, name: goal.key === 'energy' ? 'Energy & Vitality' : goal.name, hidden: '' }),
        ),
      ).toEqual({ ok: true });
    }
    expect((await loadWellnessGoals()).map((g) => g.key)).toEqual([
      'energy',
      'gut',
      'metabolic',
      'immunity',
      'mind',
      'sleep',
    ]);
  });
});

describe('route cache invalidation', () => {
  const purged: string[][] = [];
  beforeAll(() =>
    setRouteCacheForTests({
      invalidate: async ({ tags }) => {
        purged.push(tags);
      },
    }),
  );
  afterAll(() => setRouteCacheForTests(undefined));

  it('a committed catalogue change reaches this process’s listener, which purges the catalogue pages', async () => {
    await startCatalogueListener();
    await vi.waitFor(() => expect(purged).toContainEqual(['catalog'])); // once listening
    purged.length = 0;
    const { id } = (await createProduct(productForm({ name: 'Bhringraj Oil', slug: 'bhringraj-oil' }))) as {
      id: number;
    };
    await vi.waitFor(() => expect(purged).toContainEqual(['catalog']));
    purged.length = 0;
    const [batch] = await productBatches(id);
    await removeBatchPacks(id, batch.id, '38'); // 40 → 2: the page's 'Only 2 left' changes
    await vi.waitFor(() => expect(purged).toContainEqual([`product:${id}`]));
  });
});
