// Disclosure list with one open section at a time, built on <details name>: the browser opens and
// closes sections and keeps one open per group by itself, so it works before and without JavaScript.
import type { ReactNode } from 'react';

export interface AccordionItem {
  id: string;
  heading: string;
  content: ReactNode;
}

interface Props {
  /** Sections sharing this name are exclusive: opening one closes the others. */
  name: string;
  items: AccordionItem[];
  /** The section open when the page arrives, if any. */
  openIndex?: number | null;
}

export default function Accordion({ name, items, openIndex = null }: Props) {
  return (
    <div className="divide-y divide-brand-200 rounded-2xl border border-brand-200 bg-white">
      {items.map((item, index) => (
        <details key={item.id} id={item.id} name={name} open={index === openIndex} className="group scroll-mt-24">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-semibold text-ink hover:bg-brand-50 sm:px-5 [&::-webkit-details-marker]:hidden">
            <h3>{item.heading}</h3>
            <span
              aria-hidden="true"
              className="text-xl leading-none text-leaf-700 transition-transform group-open:rotate-45"
            >
              +
            </span>
          </summary>
          <div className="px-4 pb-4 text-ink sm:px-5">{item.content}</div>
        </details>
      ))}
    </div>
  );
}
