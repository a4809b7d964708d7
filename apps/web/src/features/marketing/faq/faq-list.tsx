import { Accordion } from '../../../components/ui/accordion.tsx';
import type { FaqEntry } from './faq-data.ts';

/** A group of FAQ entries as an accordion: one open at a time, the first open by default. */
export function FaqList({ entries, headingLevel = 3 }: { entries: FaqEntry[]; headingLevel?: 2 | 3 | 4 }) {
  return (
    <Accordion
      headingLevel={headingLevel}
      items={entries.map((entry) => ({
        id: entry.id,
        title: entry.question,
        content: (
          <>
            <p>{entry.answer}</p>
            {entry.details && <p>{entry.details}</p>}
          </>
        ),
      }))}
    />
  );
}
