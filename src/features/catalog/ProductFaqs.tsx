// FAQs (spec §2, §4): fetched only once the section first nears the viewport, or at once when the
// URL names one (#faq2 opens and scrolls to the second). Without JavaScript the product page renders
// FaqList itself inside <noscript>.
import { useEffect, useRef, useState } from 'react';
import Accordion, { afterToggle } from './Accordion';
import { faqAnchorId, faqIndexFromHash } from './product-page';

export interface Faq {
  question: string;
  answer: string;
}
type State = { status: 'idle' | 'loading' | 'error' } | { status: 'loaded'; items: Faq[] };

interface FaqListProps {
  faqs: Faq[];
  openIndex?: number | null;
  onToggle?: (index: number, open: boolean) => void;
}

export function FaqList({ faqs, openIndex = null, onToggle }: FaqListProps) {
  if (faqs.length === 0) return <p>No FAQs available for this product.</p>;
  return (
    <Accordion
      name="product-faqs"
      items={faqs.map((faq, index) => ({
        id: faqAnchorId(index),
        heading: faq.question,
        content: <p className="whitespace-pre-line leading-relaxed">{faq.answer}</p>,
      }))}
      openIndex={openIndex}
      onToggle={onToggle}
    />
  );
}

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

    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          load();
        }
      },
      { rootMargin: '200px 0px' },
    );
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

  // Nothing is shown before loading starts: the server-rendered page (and <noscript> list) stays clean.
  return (
    <div ref={root} aria-busy={state.status === 'loading'}>
      {state.status === 'error' && (
        <p role="alert" className="text-red-800">
          Failed to load FAQs
        </p>
      )}
      {state.status === 'loading' && <p className="text-gray-700">Loading FAQs…</p>}
      {state.status === 'loaded' && (
        <FaqList
          faqs={state.items}
          openIndex={openIndex}
          onToggle={(index, open) => setOpenIndex((current) => afterToggle(current, index, open))}
        />
      )}
    </div>
  );
}
