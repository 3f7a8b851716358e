// A link naming one of the product's FAQs (#faq2) opens it and scrolls to it, on arrival and when the
// hash changes on the page. The FAQs are server-rendered <details> (./ProductFaqs.tsx); a few lines of
// plain script instead of an island, so the product page loads no React for them.
import { faqAnchorId, faqIndexFromHash } from './product-page';

export function openFaqFromHash() {
  const open = () => {
    const index = faqIndexFromHash(window.location.hash);
    const details = index == null ? null : document.getElementById(faqAnchorId(index));
    if (!(details instanceof HTMLDetailsElement)) return;
    details.open = true;
    details.scrollIntoView({ block: 'start' });
  };
  open();
  window.addEventListener('hashchange', open);
}
