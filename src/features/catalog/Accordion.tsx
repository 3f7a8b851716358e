// Disclosure list with one open section at a time (WAI-ARIA accordion pattern). The parent owns
// which section is open so it can also be opened from outside (a #faq2 link).
import type { ReactNode } from 'react';

export interface AccordionItem { id: string; heading: string; content: ReactNode }

interface Props {
  items: AccordionItem[];
  openIndex: number | null;
  onToggle: (index: number) => void;
}

export default function Accordion({ items, openIndex, onToggle }: Props) {
  return (
    <div className="divide-y divide-brand-200 rounded-2xl border border-brand-200 bg-white">
      {items.map((item, index) => {
        const open = index === openIndex;
        return (
          <div key={item.id} id={item.id} className="scroll-mt-24">
            <h3>
              <button
                type="button"
                id={`${item.id}-button`}
                aria-expanded={open}
                aria-controls={`${item.id}-panel`}
                onClick={() => onToggle(index)}
                className="flex w-full items-center justify-between gap-4 px-4 py-4 text-left font-semibold text-ink hover:bg-brand-50 sm:px-5"
              >
                <span>{item.heading}</span>
                <span aria-hidden="true" className={`text-xl leading-none text-leaf-700 transition-transform ${open ? 'rotate-45' : ''}`}>+</span>
              </button>
            </h3>
            <div id={`${item.id}-panel`} hidden={!open} className="px-4 pb-4 text-ink sm:px-5">
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** Opening the open section closes it; opening another closes the rest. */
export const toggleOpen = (current: number | null, index: number) => (current === index ? null : index);
