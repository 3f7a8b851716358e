// Plan picker, quantity stepper and 'Add to Cart' (spec §2, §9): a real form posting to /cart, so a
// tap before the page's JavaScript has loaded still adds the item (and lands on the cart). Hydrated,
// the island adds in place with a toast instead.
import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { formatRupees } from '../../lib/money';
import { MAX_LINE_QUANTITY } from '../cart/cart-limits';
import type { PlanOption } from '../pricing/product-prices';
import { LOW_STOCK } from '../pricing/quote';
import { useHydrated } from '../cart/use-client-store';
import { typedBeforeHydration } from '../ui/typed-before-hydration';
import {
  $planIndex,
  $quantity,
  ADD_TO_CART_FORM_ID,
  addSelectionToCart,
  setQuantity,
  type PurchasableProduct,
} from './product-purchase.store';

interface Props {
  product: PurchasableProduct;
  options: PlanOption[] /** Packs in stock. */;
  stock: number;
}

/** A plan or quantity chosen before hydration is kept, not reset to the defaults. */
function keepChoiceMadeBeforeHydration(options: PlanOption[]) {
  const typed = typedBeforeHydration(ADD_TO_CART_FORM_ID);
  const index = options.findIndex((o) => String(o.months) === typed.months);
  if (index >= 0) $planIndex.set(index);
  if (typed.quantity) setQuantity(Number(typed.quantity));
}

export default function PlanPicker({ product, options, stock }: Props) {
  useState(() => keepChoiceMadeBeforeHydration(options));
  const planIndex = useStore($planIndex);
  const quantity = useStore($quantity);
  const ids = useId();
  // The steppers need the island; until then (or without JavaScript) the number field does their job.
  const hydrated = useHydrated();
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void addSelectionToCart(product, options);
  }
  const selected = options[planIndex] ?? options[0];
  // biome-ignore lint/complexity/noUselessFragments: not null, see StickyAddToCart
  if (!selected) return <></>;

  return (
    <form id={ADD_TO_CART_FORM_ID} method="post" action="/cart" onSubmit={onSubmit} className="space-y-5">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={product.id} />
      <fieldset>
        <legend className="mb-2 text-base font-semibold text-ink">Choose your plan</legend>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {options.map((option) => (
            <label
              key={option.index}
              className="relative flex cursor-pointer flex-col gap-0.5 rounded-xl border-2 border-brand-200 bg-white p-3 text-sm transition has-[:checked]:border-leaf-700 has-[:checked]:bg-leaf-700/5 has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="months"
                value={option.months}
                checked={option.index === selected.index}
                onChange={() => $planIndex.set(option.index)}
                className="sr-only"
              />
              {option.showSaveBadge && (
                <span className="absolute -top-2.5 right-2 rounded-full bg-brand-700 px-2 py-0.5 text-[11px] font-bold text-white">
                  SAVE {option.savePercent}%
                </span>
              )}
              <span className="font-semibold text-ink">{option.label}</span>
              <span className="text-lg font-bold text-ink">{formatRupees(option.displayed)}</span>
              {option.mrp > option.displayed && (
                <s className="text-xs text-gray-600">
                  <span className="sr-only">MRP </span>
                  {formatRupees(option.mrp)}
                </s>
              )}
              <span className="text-xs text-leaf-700">{formatRupees(option.perPack)}/pack</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${ids}-quantity`} className="mb-1 block text-sm font-semibold text-ink">
            Quantity
          </label>
          <div className="inline-flex items-center rounded-full border border-brand-200 bg-white">
            <button
              type="button"
              onClick={() => setQuantity(quantity - 1)}
              disabled={!hydrated || quantity <= 1}
              aria-label="Decrease quantity"
              className="h-11 w-11 rounded-full text-xl font-bold text-leaf-800 disabled:cursor-not-allowed disabled:text-gray-400"
            >
              <span aria-hidden="true">−</span>
            </button>
            <input
              id={`${ids}-quantity`}
              name="quantity"
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_LINE_QUANTITY}
              step={1}
              value={quantity}
              onChange={(event) => setQuantity(Number(event.target.value))}
              className="h-11 w-14 border-0 bg-transparent text-center text-base font-semibold text-ink [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
            />
            <button
              type="button"
              onClick={() => setQuantity(quantity + 1)}
              disabled={!hydrated || quantity >= MAX_LINE_QUANTITY}
              aria-label="Increase quantity"
              className="h-11 w-11 rounded-full text-xl font-bold text-leaf-800 disabled:cursor-not-allowed disabled:text-gray-400"
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        </div>
        {/* The figure follows the choice only once the island runs: without it, a total rendered for the
            default plan would go stale the moment another plan or quantity is chosen. */}
        {hydrated ? (
          <p className="pb-2 text-sm text-ink" aria-live="polite">
            Total: <strong className="text-base">{formatRupees(selected.displayed * quantity)}</strong>
            <span className="text-gray-700">
              {' '}
              ({quantity} × {selected.label})
            </span>
          </p>
        ) : (
          <p className="pb-2 text-sm text-gray-700">Each plan’s price is shown above; your cart adds up the total.</p>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          disabled={stock <= 0}
          className="btn-primary w-full py-3.5 text-lg disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto sm:min-w-64"
        >
          Add to Cart
        </button>
        {stock <= 0 ? (
          <p className="font-semibold text-red-700">Out of stock</p>
        ) : (
          stock <= LOW_STOCK && <p className="font-semibold text-brand-700">Only {stock} left</p>
        )}
      </div>
    </form>
  );
}
