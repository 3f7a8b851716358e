// Product details accordion (spec §2): server-rendered with the first section open.
import { useState } from 'react';
import Accordion, { toggleOpen } from './Accordion';
import { MISSING_INFORMATION, type AccordionSection } from './product-page';

function SectionBody({ section }: { section: AccordionSection }) {
  if (section.list?.length) {
    return <ul className="list-disc space-y-1 pl-5">{section.list.map((line) => <li key={line}>{line}</li>)}</ul>;
  }
  if (section.text?.trim()) return <p className="whitespace-pre-line leading-relaxed">{section.text}</p>;
  return <p className="text-gray-700">{MISSING_INFORMATION}</p>;
}

export default function ProductAccordion({ sections }: { sections: AccordionSection[] }) {
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  const items = sections.map((section, index) => ({
    id: `details-${index + 1}`,
    heading: section.heading,
    content: <SectionBody section={section} />,
  }));
  return <Accordion items={items} openIndex={openIndex} onToggle={(index) => setOpenIndex(toggleOpen(openIndex, index))} />;
}
