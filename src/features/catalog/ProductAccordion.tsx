// Product details accordion (spec §2): rendered on the server only, with the first section open.
// Native <details name> keeps one section open at a time, so it needs no island.
import Accordion from './Accordion';
import { MISSING_INFORMATION, type AccordionSection } from './product-page';

function SectionBody({ section }: { section: AccordionSection }) {
  if (section.list?.length) {
    return (
      <ul className="list-disc space-y-1 pl-5">
        {section.list.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    );
  }
  if (section.text?.trim()) return <p className="whitespace-pre-line leading-relaxed">{section.text}</p>;
  return <p className="text-gray-700">{MISSING_INFORMATION}</p>;
}

export default function ProductAccordion({ sections }: { sections: AccordionSection[] }) {
  const items = sections.map((section, index) => ({
    id: `details-${index + 1}`,
    heading: section.heading,
    content: <SectionBody section={section} />,
  }));
  return <Accordion name="product-details" items={items} openIndex={0} />;
}
