// FAQs (spec §2, §4): rendered with the product page, native <details> (no island, no fetch: issue 22
// part 3 keeps React off the page until the shopper acts). A link naming one (#faq2) opens and scrolls
// to it: ./open-faq-from-hash.ts.
import Accordion from './Accordion';
import { faqAnchorId } from './product-page';

export interface Faq {
  question: string;
  answer: string;
}

/** The product's FAQs as native <details>, one open at a time. */
export default function ProductFaqs({ faqs }: { faqs: Faq[] }) {
  if (faqs.length === 0) return <p>No FAQs available for this product.</p>;
  return (
    <Accordion
      name="product-faqs"
      items={faqs.map((faq, index) => ({
        id: faqAnchorId(index),
        heading: faq.question,
        content: <p className="whitespace-pre-line leading-relaxed">{faq.answer}</p>,
      }))}
    />
  );
}
