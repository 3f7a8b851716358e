// The sticky add-to-cart bar's behaviour (./StickyAddToCart.astro): shown while the top of the product
// block is above the viewport, showing the plan chosen in the picker. `data-sticky-cart` is set only
// while it shows: the chat and Rewards buttons rise above it (body:has([data-sticky-cart])).
import { ADD_TO_CART_FORM_ID } from './product-page';

interface Plan {
  months: string;
  price: string;
  label: string;
}

export function enhanceStickyAddToCart() {
  const bar = document.querySelector<HTMLElement>('[data-sticky-cart-bar]');
  const watched = bar && document.getElementById(bar.dataset.stickyCartBar ?? '');
  if (!bar || !watched) return;
  const plans = JSON.parse(bar.dataset.plans ?? '[]') as Plan[];
  const show = (shown: boolean) => {
    bar.hidden = !shown;
    bar.toggleAttribute('data-sticky-cart', shown);
  };
  new IntersectionObserver(([entry]) =>
    show(!!entry && !entry.isIntersecting && entry.boundingClientRect.top < 0),
  ).observe(watched);

  const form = document.getElementById(ADD_TO_CART_FORM_ID);
  form?.addEventListener('change', (event) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.name !== 'months') return;
    const plan = plans.find((p) => p.months === input.value);
    const price = bar.querySelector('[data-plan-price]');
    const label = bar.querySelector('[data-plan-label]');
    if (plan && price && label) {
      price.textContent = plan.price;
      label.textContent = plan.label;
    }
  });
  // Reaching for the bar wakes the picker's island (client:interaction), so its add happens in place.
  const wakePicker = () => form?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  bar.addEventListener('pointerdown', wakePicker, { once: true });
  bar.addEventListener('focusin', wakePicker, { once: true });
}
