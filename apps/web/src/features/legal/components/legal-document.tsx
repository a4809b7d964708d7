import type { LegalSection } from '../legal-section.ts';
import '../legal.css';

/** The text of a legal page: numbered sections, each reachable from the table of contents. */
export function LegalDocument({ sections, updated }: { sections: LegalSection[]; updated: string }) {
  return (
    <article className="legal">
      <p className="legal__updated">Last updated: {updated}</p>
      {sections.map((section, index) => (
        <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="legal__section">
          <h2 id={`${section.id}-title`} className="legal__title">
            <span className="legal__number">{index + 1}.</span> {section.title}
          </h2>
          <div className="legal__body">{section.body}</div>
        </section>
      ))}
    </article>
  );
}
