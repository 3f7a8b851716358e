// Products in the back office (/admin/products): list and search, create and edit every field of the
// spec's products table with its categories and subscription plans, archive and restore; a new
// product's packs come in as its first batch (stock per batch: src/features/stock/batches.server.ts). Each step is one transaction; the database's CHECKs
// (discount price ≤ MRP, stock ≥ 0, unique slug) hold whatever this code misses. Catalogue triggers
// tell every server process to drop its cached pages on commit (catalogue-changes.server.ts).
import { availableSql, kitsHolding } from '../stock/kits.server';
import { KIT_MESSAGES } from '../../lib/kits';
import { kitIdsHolding, syncKitTax } from './kits.server';
import { GST_RATES, HSN_PATTERN } from '../invoices/gst';
import { and, asc, desc, eq, exists, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { getDb } from '../../db/client';
import * as t from '../../db/schema';
import { mediaUrl } from '../catalog/catalog.server';
import { effectivePrice, MAX_PLAN_MONTHS, monthsLabel } from '../pricing/product-prices';
import { LOW_STOCK } from '../pricing/quote';
import { claimMessage, findClaims } from '../../lib/claims';
import { slugify } from '../../lib/slug';
import {
  isProductKind,
  isValidLicence,
  missingDeclarations,
  type RequiredDeclaration,
} from '../../lib/product-declarations';
import { isNetQuantityUnit } from '../../lib/unit-price';
import { addBatchIn, indiaToday, parseBatch } from '../stock/batches.server';
import { refusal, type Refusal } from '../../lib/errors';
import { CHECK_FIELDS, field as text, NO_SUCH_PRODUCT, isUniqueViolation, wholeNumber } from './form-values';
import { parseSearchAliases, SEARCH_ALIAS_MESSAGE, searchAliasesText } from './search-aliases';

export const MAX_PRICE = 1_000_000;
const MAX_STOCK = 1_000_000;

export const PRODUCT_MESSAGES = {
  name: 'Please enter the product name (up to 120 characters).',
  slug: 'Use lowercase letters, digits and single hyphens for the address, e.g. ashwagandha-gummies.',
  duplicateSlug: (slug: string) => `Another product already uses the address “${slug}”. Please choose another.`,
  price: 'The MRP must be a whole number of rupees from 0 to 10,00,000.',
  discountPrice: 'The discount price must be a whole number of rupees (leave it empty for none).',
  discountAboveMrp: 'The discount price must not be above the MRP.',
  plan: 'A plan’s price per pack must be a whole number of rupees from 1 to the MRP.',
  planOrder: 'Fill the plans in order: a longer plan needs every shorter plan’s price.',
  categories: 'Choose at least one category from the list.',
  featuredRank: 'The featured position must be a whole number from 0 to 100000.',
  hsnCode:
    'Enter the HSN code: 4, 6 or 8 digits, e.g. 30049011 for Ayurvedic medicines or 21069099 for food supplements.',
  gstRate: `Choose a GST rate of ${GST_RATES.join(', ')} per cent.`,
  stock: 'Stock must be a whole number of packs from 0 to 10,00,000.',
  tooLong: (label: string, max: number) => `${label} must be at most ${max.toLocaleString('en-IN')} characters.`,
  kind: 'Choose whether the product is a health supplement or an Ayurvedic medicine.',
  netQuantity: 'The net quantity must be a whole number from 1 to 1,00,000.',
  netQuantityUnit: 'Choose the unit of the net quantity: g, ml, capsules, tablets, gummies or packs (a kit).',
  bestBeforeMonths: 'The best before period must be a whole number of months from 1 to 120.',
  licence: (kind: 'supplement' | 'ayurvedic_medicine') =>
    kind === 'supplement'
      ? 'An FSSAI licence number is 14 digits, e.g. 10026051000123.'
      : 'Enter the AYUSH manufacturing licence number as issued, e.g. UA/AYUR-112/2015.',
  packerPair: 'Give the packer’s or marketer’s name and address together (or neither when the manufacturer packs it).',
  notOnSale:
    'A product on sale must show every declaration the law asks for: fill the fields marked below. Nothing was changed.',
} as const;

/** The declarations' free-text fields (the product page's "Product details"), in form order. */
export const DECLARATION_TEXT_FIELDS = [
  { name: 'commonName', label: 'Common or generic name', multiline: false },
  { name: 'manufacturerName', label: 'Manufacturer’s name', multiline: false },
  { name: 'manufacturerAddress', label: 'Manufacturer’s address', multiline: true },
  { name: 'packerName', label: 'Packed or marketed by (where not the manufacturer)', multiline: false },
  { name: 'packerAddress', label: 'Packer’s or marketer’s address', multiline: true },
  { name: 'countryOfOrigin', label: 'Country of origin', multiline: false },
  { name: 'licenceNumber', label: 'Licence number (FSSAI or AYUSH)', multiline: false },
  { name: 'dailyUsage', label: 'Recommended daily usage', multiline: true },
] as const;
type DeclarationTextField = (typeof DECLARATION_TEXT_FIELDS)[number]['name'];

/** The product table's free-text fields, in form order: one list drives the form and the parser. */
export const PRODUCT_TEXT_FIELDS = [
  { name: 'subheader', label: 'Subheader', multiline: false },
  { name: 'subheaderDescription', label: 'Subheader description', multiline: true },
  { name: 'description', label: 'Description', multiline: true },
  { name: 'whyYoullLoveIt', label: 'Why you’ll love it (one point per line)', multiline: true },
  { name: 'yourDailyDoseOfStrength', label: 'Your daily dose of strength', multiline: true },
  { name: 'resultsYouCanSeeAndFeel', label: 'Results you can see and feel', multiline: true },
  { name: 'craftedDifferentlyForBetterResults', label: 'Crafted differently for better results', multiline: true },
  { name: 'productIngredientsWithIntention', label: 'Product ingredients with intention', multiline: true },
  { name: 'howToTake', label: 'How to take', multiline: true },
  { name: 'ingredients', label: 'Ingredients', multiline: true },
  { name: 'type', label: 'Type (e.g. Resin, Capsules)', multiline: false },
  { name: 'weight1', label: 'Net weight', multiline: false },
  { name: 'flavours', label: 'Flavour', multiline: false },
  { name: 'claims', label: 'Claims', multiline: false },
  { name: 'imageSrc', label: 'Banner image address', multiline: false },
] as const;

type TextField = (typeof PRODUCT_TEXT_FIELDS)[number]['name'];
/** The fields a shopper reads as the product's claims: checked against the forbidden list (src/lib/claims.ts). */
export const COPY_FIELDS: readonly (TextField | 'name')[] = [
  'name',
  ...PRODUCT_TEXT_FIELDS.map((f) => f.name).filter((n) => n !== 'imageSrc'),
];
export type ProductField =
  | TextField
  | 'name'
  | 'slug'
  | 'price'
  | 'discountPrice'
  | 'plans'
  | 'categories'
  | 'tags'
  | 'featuredRank'
  | 'stock'
  | 'batchNumber'
  | 'manufacturedOn'
  | 'expiresOn'
  | 'searchAliases'
  | 'hsnCode'
  | 'gstRate'
  | RequiredDeclaration
  | 'kind'
  | 'packerName'
  | 'packerAddress';
export type FieldErrors = Partial<Record<ProductField, string>>;
export type ProductRefusal = Refusal<'not_found' | 'conflict' | 'unprocessable'>;

/** Plans 2–4 (plan 1 is the pack price): their form field names. */
export const PLAN_FIELDS = [2, 3, 4].map((months) => ({
  months,
  name: `plan${months}`,
  label: `${monthsLabel(months)}: price per pack (₹)`,
}));

const BESTSELLER = 'bestseller';

export interface ProductInput {
  values: Omit<
    typeof t.products.$inferInsert,
    'id' | 'createdAt' | 'updatedAt' | 'archivedAt' | 'thumbnailUrl' | 'image' | 'category'
  >;
  categories: string[];
  /** Per-pack prices of the 2-, 3- and 4-month plans that exist, in order. */
  planAmounts: number[];
  stock: number;
  /** A new product's first batch (when it starts with packs in stock). */
  firstBatch: { batchNumber: string; manufacturedOn: string; expiresOn: string; packs: number } | null;
}

/** Reads and checks the product form; every problem is reported at once, per field. */
export async function parseProductForm(
  form: FormData,
  options: { withStock: boolean },
): Promise<{ ok: true; input: ProductInput } | { ok: false; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const name = text(form, 'name');
  if (!name || name.length > 120) errors.name = PRODUCT_MESSAGES.name;
  const slug = text(form, 'slug').toLowerCase() || slugify(name);
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || slug.length > 80 || /^\d+$/.test(slug))
    errors.slug = PRODUCT_MESSAGES.slug;
  const price = wholeNumber(text(form, 'price'), 0, MAX_PRICE);
  if (price == null) errors.price = PRODUCT_MESSAGES.price;
  const discountText = text(form, 'discountPrice');
  const discountPrice = discountText ? wholeNumber(discountText, 0, MAX_PRICE) : null;
  if (discountText && discountPrice == null) errors.discountPrice = PRODUCT_MESSAGES.discountPrice;
  else if (price != null && discountPrice != null && discountPrice > price)
    errors.discountPrice = PRODUCT_MESSAGES.discountAboveMrp;

  const planAmounts: number[] = [];
  let gap = false;
  for (const plan of PLAN_FIELDS) {
    const raw = text(form, plan.name);
    if (!raw) {
      gap = true;
      continue;
    }
    const amount = wholeNumber(raw, 1, price ?? MAX_PRICE);
    if (amount == null) errors.plans ??= PRODUCT_MESSAGES.plan;
    else if (gap) errors.plans ??= PRODUCT_MESSAGES.planOrder;
    else planAmounts.push(amount);
  }

  const db = await getDb();
  const chosen = [...new Set(form.getAll('categories').filter((v): v is string => typeof v === 'string'))];
  const known = chosen.length
    ? await db.select({ name: t.categories.name }).from(t.categories).where(inArray(t.categories.name, chosen))
    : [];
  if (!chosen.length || known.length !== chosen.length) errors.categories = PRODUCT_MESSAGES.categories;

  const featuredText = text(form, 'featuredRank');
  const featuredRank = featuredText ? wholeNumber(featuredText, 0, 100_000) : 1000;
  if (featuredRank == null) errors.featuredRank = PRODUCT_MESSAGES.featuredRank;

  const hsnCode = text(form, 'hsnCode').replace(/[\s.]/g, '') || '21069099';
  if (!HSN_PATTERN.test(hsnCode)) errors.hsnCode = PRODUCT_MESSAGES.hsnCode;
  const gstText = text(form, 'gstRate').replace(/\s*%$/, '');
  const gstRate = gstText ? wholeNumber(gstText, 0, 100) : 18;
  if (gstRate == null || !(GST_RATES as readonly number[]).includes(gstRate)) errors.gstRate = PRODUCT_MESSAGES.gstRate;

  const stock = options.withStock ? wholeNumber(text(form, 'stock') || '0', 0, MAX_STOCK) : 0;
  if (stock == null) errors.stock = PRODUCT_MESSAGES.stock;
  // Packs are held per batch: a new product's packs in stock are its first batch, with its dates.
  let firstBatch: ProductInput['firstBatch'] = null;
  if (stock) {
    const batch = parseBatch(
      {
        batchNumber: text(form, 'batchNumber'),
        manufacturedOn: text(form, 'manufacturedOn'),
        expiresOn: text(form, 'expiresOn'),
        packs: String(stock),
      },
      indiaToday(),
    );
    if (batch.ok) firstBatch = batch.batch;
    else {
      const { packs, ...fields } = batch.errors ?? {};
      Object.assign(errors, fields);
      if (packs) errors.stock = PRODUCT_MESSAGES.stock;
    }
  }

  const tags = text(form, 'tags')
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag && tag !== BESTSELLER);
  if (form.get('bestseller') === 'on') tags.unshift(BESTSELLER);
  if (tags.some((tag) => tag.length > 40) || tags.length > 20)
    errors.tags = 'Use up to 20 tags of at most 40 characters, separated by commas.';

  const searchAliases = parseSearchAliases(text(form, 'searchAliases'));
  if (!searchAliases) errors.searchAliases = SEARCH_ALIAS_MESSAGE;

  const declarations = parseDeclarations(form, errors);

  const texts = {} as Record<TextField, string>;
  for (const field of PRODUCT_TEXT_FIELDS) {
    const value = text(form, field.name);
    const max = field.multiline ? 10_000 : 300;
    if (value.length > max) errors[field.name] = PRODUCT_MESSAGES.tooLong(field.label, max);
    texts[field.name] = value;
  }
  for (const field of COPY_FIELDS) {
    const claims = findClaims(field === 'name' ? name : texts[field]);
    if (claims.length) errors[field] = claimMessage(claims);
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const orNull = (value: string) => value || null;
  return {
    ok: true,
    input: {
      values: {
        name,
        slug,
        price: price!,
        discountPrice,
        tags,
        searchAliases: searchAliases!,
        featuredRank: featuredRank!,
        hsnCode,
        gstRate: gstRate!,
        isFavorite: form.get('isFavorite') === 'on',
        buyOneGetOne: form.get('buyOneGetOne') === 'on',
        description: texts.description,
        ingredients: texts.ingredients,
        whyYoullLoveIt: texts.whyYoullLoveIt
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
        subheader: orNull(texts.subheader),
        subheaderDescription: orNull(texts.subheaderDescription),
        yourDailyDoseOfStrength: orNull(texts.yourDailyDoseOfStrength),
        resultsYouCanSeeAndFeel: orNull(texts.resultsYouCanSeeAndFeel),
        craftedDifferentlyForBetterResults: orNull(texts.craftedDifferentlyForBetterResults),
        productIngredientsWithIntention: orNull(texts.productIngredientsWithIntention),
        howToTake: orNull(texts.howToTake),
        type: orNull(texts.type),
        weight1: orNull(texts.weight1),
        flavours: orNull(texts.flavours),
        claims: orNull(texts.claims),
        imageSrc: orNull(texts.imageSrc),
        ...declarations,
      },
      categories: chosen,
      planAmounts,
      stock: stock!,
      firstBatch,
    },
  };
}

/** The declaration fields: each may be empty (the publish rule asks for them), but what is given must be right. */
function parseDeclarations(form: FormData, errors: FieldErrors) {
  const kindText = text(form, 'kind') || 'supplement';
  const kind = isProductKind(kindText) ? kindText : 'supplement';
  if (!isProductKind(kindText)) errors.kind = PRODUCT_MESSAGES.kind;
  const texts = {} as Record<DeclarationTextField, string | null>;
  for (const field of DECLARATION_TEXT_FIELDS) {
    const value = text(form, field.name);
    const max = field.multiline ? 500 : 200;
    if (value.length > max) errors[field.name] = PRODUCT_MESSAGES.tooLong(field.label, max);
    texts[field.name] = value || null;
  }
  if (Boolean(texts.packerName) !== Boolean(texts.packerAddress))
    errors[texts.packerName ? 'packerAddress' : 'packerName'] = PRODUCT_MESSAGES.packerPair;
  const licenceNumber =
    texts.licenceNumber &&
    (kind === 'supplement' ? texts.licenceNumber.replace(/\s/g, '') : texts.licenceNumber.toUpperCase());
  if (licenceNumber && !isValidLicence(kind, licenceNumber)) errors.licenceNumber = PRODUCT_MESSAGES.licence(kind);
  const optionalNumber = (name: 'netQuantity' | 'bestBeforeMonths', max: number) => {
    const raw = text(form, name);
    const value = raw ? wholeNumber(raw, 1, max) : null;
    if (raw && value == null) errors[name] = PRODUCT_MESSAGES[name];
    return value;
  };
  const netQuantity = optionalNumber('netQuantity', 100_000);
  const bestBeforeMonths = optionalNumber('bestBeforeMonths', 120);
  const unitText = text(form, 'netQuantityUnit');
  const netQuantityUnit = unitText && isNetQuantityUnit(unitText) ? unitText : null;
  if (unitText && !netQuantityUnit) errors.netQuantityUnit = PRODUCT_MESSAGES.netQuantityUnit;
  return { kind, ...texts, licenceNumber, netQuantity, netQuantityUnit, bestBeforeMonths };
}

/** A product on sale (not archived) must carry every declaration: the refusal names each missing one. */
function refusalToSell(values: Parameters<typeof missingDeclarations>[0]): ProductRefusal | null {
  const missing = missingDeclarations(values);
  return Object.keys(missing).length ? refusal('unprocessable', PRODUCT_MESSAGES.notOnSale, missing) : null;
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['transaction']>[0]>[0];

/** Links the categories and keeps products.category (display names, spec §3) in step with them. */
async function linkCategories(tx: Tx, productId: number, names: string[]) {
  await tx.delete(t.productCategories).where(eq(t.productCategories.productId, productId));
  await tx.insert(t.productCategories).values(names.map((categoryName) => ({ productId, categoryName })));
  await refreshCategoryText(tx, [productId]);
}

/** products.category = the linked categories' display names in category order, joined by ', '. */
export async function refreshCategoryText(tx: Tx, productIds?: number[]) {
  await tx.execute(sql`
    update products p set category = coalesce((
      select string_agg(c.value, ', ' order by c.position, c.name)
      from product_categories pc join categories c on c.name = pc.category_name where pc.product_id = p.id), '')
    ${
      productIds
        ? sql`where p.id in (${sql.join(
            productIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql``
    }`);
}

/** Plan rows for 1..n months: month 1 carries the pack price (spec §9: plan 1 is the discount price). */
async function syncPlans(
  tx: Tx,
  productId: number,
  price: number,
  discountPrice: number | null,
  planAmounts: number[],
) {
  const amounts = [effectivePrice(price, discountPrice).current, ...planAmounts].slice(0, MAX_PLAN_MONTHS);
  await tx
    .delete(t.subscriptionPlans)
    .where(and(eq(t.subscriptionPlans.productId, productId), sql`${t.subscriptionPlans.months} > ${amounts.length}`));
  for (const [index, amount] of amounts.entries()) {
    await tx
      .insert(t.subscriptionPlans)
      .values({ productId, months: index + 1, label: monthsLabel(index + 1), amount })
      .onConflictDoUpdate({
        target: [t.subscriptionPlans.productId, t.subscriptionPlans.months],
        set: { amount, label: monthsLabel(index + 1) },
      });
  }
}

const slugTaken = (slug: string): ProductRefusal =>
  refusal('conflict', CHECK_FIELDS, { slug: PRODUCT_MESSAGES.duplicateSlug(slug) });

export async function createProduct(form: FormData): Promise<{ ok: true; id: number } | ProductRefusal> {
  const parsed = await parseProductForm(form, { withStock: true });
  if (!parsed.ok) return refusal('unprocessable', CHECK_FIELDS, parsed.errors);
  const { values, categories, planAmounts, firstBatch } = parsed.input;
  // A new product is on the storefront as soon as it is made.
  const unsellable = refusalToSell(values);
  if (unsellable) return unsellable;
  const db = await getDb();
  try {
    const id = await db.transaction(async (tx) => {
      const [made] = await tx
        .insert(t.products)
        .values(values)
        .onConflictDoNothing({ target: t.products.slug })
        .returning({ id: t.products.id });
      if (!made) return null;
      await linkCategories(tx, made.id, categories);
      await syncPlans(tx, made.id, values.price, values.discountPrice ?? null, planAmounts);
      await tx.insert(t.productStock).values({ productId: made.id, quantity: 0 });
      if (firstBatch) await addBatchIn(tx, made.id, firstBatch, new Date());
      return made.id;
    });
    return id == null ? slugTaken(values.slug) : { ok: true, id };
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken(values.slug);
    throw error;
  }
}

export async function updateProduct(id: number, form: FormData): Promise<{ ok: true } | ProductRefusal> {
  const parsed = await parseProductForm(form, { withStock: false });
  if (!parsed.ok) return refusal('unprocessable', CHECK_FIELDS, parsed.errors);
  const { values, categories, planAmounts } = parsed.input;
  const db = await getDb();
  try {
    return await db.transaction(async (tx): Promise<{ ok: true } | ProductRefusal> => {
      const [current] = await tx
        .select({ archivedAt: t.products.archivedAt })
        .from(t.products)
        .where(eq(t.products.id, id))
        .for('update');
      if (!current) return refusal('not_found', NO_SUCH_PRODUCT);
      const unsellable = current.archivedAt ? null : refusalToSell(values);
      if (unsellable) return unsellable;
      await tx
        .update(t.products)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(t.products.id, id));
      await linkCategories(tx, id, categories);
      await syncPlans(tx, id, values.price, values.discountPrice ?? null, planAmounts);
      // A kit's tax is its contents' (the form's rate is not its own); a component's change moves its kits'.
      await syncKitTax(tx, [id, ...(await kitIdsHolding(tx, id))]);
      return { ok: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return slugTaken(values.slug);
    throw error;
  }
}

/** Archive (off the storefront, kept for orders); refused while the product is part of a kit on sale. */
export async function archiveProduct(id: number): Promise<{ ok: true } | Refusal<'not_found' | 'conflict'>> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [product] = await tx
      .select({ id: t.products.id })
      .from(t.products)
      .where(eq(t.products.id, id))
      .for('update');
    if (!product) return refusal('not_found', NO_SUCH_PRODUCT);
    const kits = (await kitsHolding(tx, id)).filter((k) => !k.archivedAt);
    if (kits.length) return refusal('conflict', KIT_MESSAGES.inKit(kits.map((k) => k.name).join(', ')));
    await tx.update(t.products).set({ archivedAt: new Date(), updatedAt: new Date() }).where(eq(t.products.id, id));
    return { ok: true as const };
  });
}

/** Back on the storefront: refused, with each missing declaration named, until the saved product has them all. */
export async function restoreProduct(id: number): Promise<{ ok: true } | ProductRefusal> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [product] = await tx.select().from(t.products).where(eq(t.products.id, id)).for('update');
    if (!product) return refusal('not_found', NO_SUCH_PRODUCT);
    const unsellable = refusalToSell(product);
    if (unsellable) return unsellable;
    await tx.update(t.products).set({ archivedAt: null, updatedAt: new Date() }).where(eq(t.products.id, id));
    return { ok: true as const };
  });
}

export const PRODUCT_STATUSES = ['live', 'archived', 'all'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export interface ProductFilter {
  q?: string;
  category?: string;
  status?: ProductStatus;
  lowStock?: boolean;
}

const stockSql = availableSql;

/** The desk's product list: search by name or address, one category, live/archived, low stock. */
export async function listDeskProducts(filter: ProductFilter = {}) {
  const db = await getDb();
  const q = (filter.q ?? '')
    .trim()
    .slice(0, 100)
    .replace(/[%_\\]/g, '\\$&');
  const conditions: (SQL | undefined)[] = [
    q ? or(ilike(t.products.name, `%${q}%`), ilike(t.products.slug, `%${q}%`)) : undefined,
    filter.category
      ? exists(
          db
            .select({ one: sql`1` })
            .from(t.productCategories)
            .where(
              and(
                eq(t.productCategories.productId, t.products.id),
                eq(t.productCategories.categoryName, filter.category),
              ),
            ),
        )
      : undefined,
    filter.status === 'archived'
      ? isNotNull(t.products.archivedAt)
      : filter.status === 'all'
        ? undefined
        : isNull(t.products.archivedAt),
    filter.lowStock ? sql`${stockSql} <= ${LOW_STOCK}` : undefined,
  ];
  return db
    .select({
      id: t.products.id,
      name: t.products.name,
      slug: t.products.slug,
      price: t.products.price,
      discountPrice: t.products.discountPrice,
      category: t.products.category,
      archivedAt: t.products.archivedAt,
      stock: stockSql,
      thumbnailUrl: t.products.thumbnailUrl,
    })
    .from(t.products)
    .where(and(...conditions))
    .orderBy(desc(isNull(t.products.archivedAt)), asc(t.products.featuredRank), asc(t.products.id))
    .limit(200);
}

/** Everything the edit page shows, archived or not; null when there is no such product. */
export async function getDeskProduct(id: number) {
  const db = await getDb();
  const [found] = await db
    .select({ product: t.products, stock: stockSql })
    .from(t.products)
    .where(eq(t.products.id, id));
  if (!found) return null;
  const [categories, plans, media, faqs] = await Promise.all([
    db
      .select({ name: t.productCategories.categoryName })
      .from(t.productCategories)
      .where(eq(t.productCategories.productId, id)),
    db
      .select()
      .from(t.subscriptionPlans)
      .where(eq(t.subscriptionPlans.productId, id))
      .orderBy(asc(t.subscriptionPlans.months)),
    db
      .select()
      .from(t.productMedia)
      .where(eq(t.productMedia.productId, id))
      .orderBy(asc(t.productMedia.position), asc(t.productMedia.id)),
    db
      .select()
      .from(t.productFaqs)
      .where(eq(t.productFaqs.productId, id))
      .orderBy(asc(t.productFaqs.position), asc(t.productFaqs.id)),
  ]);
  return {
    ...found.product,
    stock: found.stock,
    categories: categories.map((c) => c.name),
    plans,
    media: media.map((m) => ({ ...m, url: mediaUrl(m) })),
    faqs,
  };
}

export type DeskProduct = NonNullable<Awaited<ReturnType<typeof getDeskProduct>>>;

/** The form's values for an existing product (what the edit form starts from). */
function productFormValues(product: DeskProduct): Record<string, string> {
  const values: Record<string, string> = {
    name: product.name,
    slug: product.slug,
    price: String(product.price),
    discountPrice: product.discountPrice == null ? '' : String(product.discountPrice),
    featuredRank: String(product.featuredRank),
    hsnCode: product.hsnCode,
    gstRate: String(product.gstRate),
    tags: product.tags.filter((tag) => tag !== BESTSELLER).join(', '),
    searchAliases: searchAliasesText(product.searchAliases),
    description: product.description,
    ingredients: product.ingredients,
    whyYoullLoveIt: product.whyYoullLoveIt.join('\n'),
  };
  for (const field of PRODUCT_TEXT_FIELDS) values[field.name] ??= (product[field.name] as string | null) ?? '';
  for (const field of DECLARATION_TEXT_FIELDS) values[field.name] = product[field.name] ?? '';
  values.kind = product.kind;
  values.netQuantity = product.netQuantity == null ? '' : String(product.netQuantity);
  values.netQuantityUnit = product.netQuantityUnit ?? '';
  values.bestBeforeMonths = product.bestBeforeMonths == null ? '' : String(product.bestBeforeMonths);
  for (const plan of PLAN_FIELDS) {
    const row = product.plans.find((p) => p.months === plan.months);
    values[plan.name] = row ? String(row.amount) : '';
  }
  return values;
}

export interface ProductFormState {
  values: Record<string, string>;
  flags: { bestseller: boolean; isFavorite: boolean; buyOneGetOne: boolean };
  chosenCategories: string[];
}

/** The form as it was posted (to show it again with its errors). */
export function postedFormState(form: FormData): ProductFormState {
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') values[key] ??= value;
  return {
    values,
    flags: {
      bestseller: form.get('bestseller') === 'on',
      isFavorite: form.get('isFavorite') === 'on',
      buyOneGetOne: form.get('buyOneGetOne') === 'on',
    },
    chosenCategories: form.getAll('categories').filter((v): v is string => typeof v === 'string'),
  };
}

/** The form filled from the saved product. */
export function savedFormState(product: DeskProduct): ProductFormState {
  return {
    values: productFormValues(product),
    flags: {
      bestseller: product.tags.includes(BESTSELLER),
      isFavorite: product.isFavorite,
      buyOneGetOne: product.buyOneGetOne,
    },
    chosenCategories: product.categories,
  };
}
