// Plan picker, quantity stepper and 'Add to Cart' (spec §2, §9). Server-rendered so the plans and
// prices show at once; the button works once hydrated (client:load: it is the page's main action).
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { formatRupees } from '../../lib/money';
import type { PlanOption } from '../../lib/plans';
import { $planIndex, $quantity, addSelectionToCart, setQuantity, type PurchasableProduct } from './product-purchase.store';

interface Props { product: PurchasableProduct; options: PlanOption[] }

export default function PlanPicker({ product, options }: Props) {
  const planIndex = useStore($planIndex);
  const quantity = useStore($quantity);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const ids = useId();
  const selected = options[planIndex] ?? options[0];
  if (!selected) return <></>; // not null: see StickyAddToCart

  return (
    <div className="space-y-5">
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
                name={`${ids}-plan`}
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
                <s className="text-xs text-gray-600"><span className="sr-only">MRP </span>{formatRupees(option.mrp)}</s>
              )}
              <span className="text-xs text-leaf-700">{formatRupees(option.perPack)}/pack</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`${ids}-quantity`} className="mb-1 block text-sm font-semibold text-ink">Quantity</label>
          <div className="inline-flex items-center rounded-full border border-brand-200 bg-white">
            <button
              type="button"
              onClick={() => setQuantity(quantity - 1)}
              disabled={quantity <= 1}
              aria-label="Decrease quantity"
              className="h-11 w-11 rounded-full text-xl font-bold text-leaf-800 disabled:cursor-not-allowed disabled:text-gray-400"
            >
              <span aria-hidden="true">−</span>
            </button>
            <input
              id={`${ids}-quantity`}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={quantity}
              onChange={(event) => setQuantity(Number(event.target.value))}
              className="h-11 w-14 border-0 bg-transparent text-center text-base font-semibold text-ink [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
            />
            <button
              type="button"
              onClick={() => setQuantity(quantity + 1)}
              aria-label="Increase quantity"
              className="h-11 w-11 rounded-full text-xl font-bold text-leaf-800"
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
        </div>
        <p className="pb-2 text-sm text-ink" aria-live="polite">
          Total: <strong className="text-base">{formatRupees(selected.displayed * quantity)}</strong>
          <span className="text-gray-700"> ({quantity} × {selected.label})</span>
        </p>
      </div>

      <button
        type="button"
        className="btn-primary w-full py-3.5 text-lg sm:w-auto sm:min-w-64"
        disabled={!hydrated}
        onClick={() => addSelectionToCart(product, options)}
      >
        Add to Cart
      </button>
    </div>
  );
}
