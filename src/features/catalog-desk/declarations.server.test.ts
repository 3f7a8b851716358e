// The publish rule on a real database: a product goes on sale (created, saved while live, restored)
// only with every declaration; a refusal names each missing field and changes nothing.
import { FIRST_BATCH } from '../../../tests/support/batches';
import { describe, expect, it } from 'vitest';
import { COMPLETE_DECLARATIONS } from '../../../tests/support/declarations';
import { REQUIRED_DECLARATIONS } from '../../lib/product-declarations';
import { loadProductPage } from '../catalog/product.server';
import {
  archiveProduct,
  createProduct,
  getDeskProduct,
  listDeskProducts,
  PRODUCT_MESSAGES,
  restoreProduct,
  updateProduct,
} from './products.server';

const productForm = (over: Record<string, string> = {}) => {
  const form = new FormData();
  const values = {
    name: 'Shankhpushpi Syrup',
    price: '450',
    categories: 'MIND_MOOD',
    stock: '10',
    ...FIRST_BATCH,
    ...COMPLETE_DECLARATIONS,
    ...over,
  };
  for (const [key, value] of Object.entries(values)) form.append(key, value);
  return form;
};
const withoutDeclarations = Object.fromEntries(REQUIRED_DECLARATIONS.map(([name]) => [name, '']));

describe('a product goes on sale only with every declaration', () => {
  it('refuses to create a product without them, naming each missing field, and makes nothing', async () => {
    const refused = await createProduct(productForm({ ...withoutDeclarations, slug: 'bare-syrup' }));
    expect(refused).toMatchObject({ ok: false, code: 'unprocessable', message: PRODUCT_MESSAGES.notOnSale });
    expect(Object.keys((refused as { errors: object }).errors).sort()).toEqual(
      REQUIRED_DECLARATIONS.map(([name]) => name).sort(),
    );
    expect((refused as { errors: Record<string, string> }).errors.manufacturerName).toMatch(
      /manufacturer’s name.*cannot be on sale/,
    );
    expect(await listDeskProducts({ q: 'bare-syrup', status: 'all' })).toEqual([]);
  });

  it('puts a complete product on sale and keeps a live one from losing a declaration', async () => {
    const made = await createProduct(productForm({ slug: 'complete-syrup' }));
    expect(made).toMatchObject({ ok: true });
    const id = (made as { id: number }).id;
    expect((await loadProductPage(id))?.product).toMatchObject({
      manufacturerName: 'Vedara Ayurveda Pvt. Ltd.',
      netQuantity: 30,
      netQuantityUnit: 'ml',
    });

    expect(
      await updateProduct(id, productForm({ slug: 'complete-syrup', name: 'Renamed', countryOfOrigin: '' })),
    ).toEqual({
      ok: false,
      code: 'unprocessable',
      message: PRODUCT_MESSAGES.notOnSale,
      errors: { countryOfOrigin: expect.stringMatching(/country of origin/) },
    });
    expect(await getDeskProduct(id)).toMatchObject({ name: 'Shankhpushpi Syrup', countryOfOrigin: 'India' });
  });

  it('lets an archived product be drafted without them, and refuses to restore it until they are filled', async () => {
    const { id } = (await createProduct(productForm({ slug: 'draft-syrup' }))) as { id: number };
    expect(await archiveProduct(id)).toEqual({ ok: true });
    expect(await updateProduct(id, productForm({ slug: 'draft-syrup', licenceNumber: '', dailyUsage: '' }))).toEqual({
      ok: true,
    });

    const refused = await restoreProduct(id);
    expect(refused).toMatchObject({ ok: false, code: 'unprocessable', message: PRODUCT_MESSAGES.notOnSale });
    expect(Object.keys((refused as { errors: object }).errors).sort()).toEqual(['dailyUsage', 'licenceNumber']);
    expect((await getDeskProduct(id))?.archivedAt).toBeInstanceOf(Date);
    expect(await loadProductPage(id)).toBeNull();

    expect(await updateProduct(id, productForm({ slug: 'draft-syrup' }))).toEqual({ ok: true });
    expect(await restoreProduct(id)).toEqual({ ok: true });
    expect(await loadProductPage(id)).not.toBeNull();
  });

  it('refuses a licence that does not fit the kind, and a packer without an address', async () => {
    const refused = await createProduct(
      productForm({ slug: 'bad-licence', licenceNumber: '1234', packerName: 'Someone Else Ltd.' }),
    );
    expect(refused).toMatchObject({
      ok: false,
      code: 'unprocessable',
      errors: { licenceNumber: PRODUCT_MESSAGES.licence('supplement'), packerAddress: PRODUCT_MESSAGES.packerPair },
    });
    expect(
      await createProduct(
        productForm({ slug: 'ayurvedic-syrup', kind: 'ayurvedic_medicine', licenceNumber: 'ua/ayur-112/2015' }),
      ),
    ).toMatchObject({ ok: true });
    expect(await listDeskProducts({ q: 'ayurvedic-syrup' })).toHaveLength(1);
  });
});
