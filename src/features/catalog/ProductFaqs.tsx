// FAQs (spec §2, §4): fetched only once the section first nears the viewport, or at once when the
// URL names one (#faq2 opens and scrolls to the second).
import { useEffect, useRef, useState } from 'react';
import Accordion, { toggleOpen } from './Accordion';
import { faqAnchorId, faqIndexFromHash } from './product-page';

interface Faq { question: string; answer: string }
type State = { status: 'idle' | 'loading' | 'error' } | { status: 'loaded'; items: Faq[] };

export default function ProductFaqs({ productId }: { productId: number }) {
  const [state, setState] = useState<State>({ status: 'idle' });
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [scrollTarget, setScrollTarget] = useState<number | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const requested = useRef(false);

  useEffect(() => {
    const load = () => {
      if (requested.current) return;
      requested.current = true;
      setState({ status: 'loading' });
      fetch(`/api/products/${productId}/faqs`)
        .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
        .then((body: { items: Faq[] }) => setState({ status: 'loaded', items: body.items }))
        .catch(() => setState({ status: 'error' }));
    };
    const openFromHash = () => {
      const index = faqIndexFromHash(window.location.hash);
      if (index == null) return false;
      load();
      setOpenIndex(index);
      setScrollTarget(index);
      return true;
    };
    window.addEventListener('hashchange', openFromHash);
    if (openFromHash()) return () => window.removeEventListener('hashchange', openFromHash);

    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        load();
      }
    }, { rootMargin: '200px 0px' });
    if (root.current) observer.observe(root.current);
    return () => {
      observer.disconnect();
      window.removeEventListener('hashchange', openFromHash);
    };
  }, [productId]);

  // Scroll once the requested FAQ exists in the page (after loading).
  useEffect(() => {
    if (scrollTarget == null || state.status !== 'loaded') return;
    document.getElementById(faqAnchorId(scrollTarget))?.scrollIntoView({ block: 'start' });
    setScrollTarget(null);
  }, [scrollTarget, state]);

  return (
    <div ref={root} aria-busy={state.status === 'loading'}>
      {state.status === 'error' && <p role="alert" className="text-red-800">Failed to load FAQs</p>}
      {(state.status === 'idle' || state.status === 'loading') && <p className="text-gray-700">Loading FAQs…</p>}
      {state.status === 'loaded' && state.items.length === 0 && <p>No FAQs available for this product.</p>}
      {state.status === 'loaded' && state.items.length > 0 && (
        <Accordion
          items={state.items.map((faq, index) => ({
            id: faqAnchorId(index),
            heading: faq.question,
            content: <p className="whitespace-pre-line leading-relaxed">{faq.answer}</p>,
          }))}
          openIndex={openIndex}
          onToggle={(index) => setOpenIndex(toggleOpen(openIndex, index))}
        />
      )}
    </div>
  );
}
