import { Link } from 'react-router';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { useCases, withLumigen, withoutLumigen } from './use-cases-content.ts';
import './use-cases.css';

export function UseCasesPage() {
  return (
    <>
      <PageHero
        eyebrow="Use Cases"
        title="Made for everyone who needs images"
        documentTitle="Use Cases"
        lead="From a shop owner’s product photos to a teacher’s lesson slides: here is how twelve kinds of people use Lumigen every week."
      />

      <section className="section container" aria-labelledby="audiences-title">
        <SectionHeading
          id="audiences-title"
          eyebrow="Who it is for"
          title="Pick your use case"
          lead="Each card names the tool most people in that group start with."
        />
        <ul className="card-grid use-case-grid">
          {useCases.map((useCase) => (
            <li key={useCase.id} id={useCase.id} className="use-case">
              <span className="icon-badge">
                <Icon name={useCase.icon} />
              </span>
              <h3 className="use-case__title">{useCase.audience}</h3>
              <p className="use-case__text">{useCase.text}</p>
              <ul className="use-case__examples" aria-label={`Examples for ${useCase.audience.toLowerCase()}`}>
                {useCase.examples.map((example) => (
                  <li key={example}>{example}</li>
                ))}
              </ul>
              <Link to={useCase.tool.to} className="link-arrow use-case__link">
                Start with {useCase.tool.label} <Icon name="arrow" size={18} />
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="section band" aria-labelledby="compare-title">
        <div className="container">
          <SectionHeading
            id="compare-title"
            eyebrow="Side by side"
            title="A week of images, with and without Lumigen"
            align="center"
          />
          <div className="versus">
            <section className="versus__column versus__column--without" aria-labelledby="without-title">
              <h3 id="without-title" className="versus__title">
                Without Lumigen
              </h3>
              <ul className="versus__list">
                {withoutLumigen.map((item) => (
                  <li key={item}>
                    <Icon name="cross" size={18} />
                    {item}
                  </li>
                ))}
              </ul>
            </section>
            <section className="versus__column versus__column--with" aria-labelledby="with-title">
              <h3 id="with-title" className="versus__title">
                With Lumigen
              </h3>
              <ul className="versus__list">
                {withLumigen.map((item) => (
                  <li key={item}>
                    <Icon name="check" size={18} />
                    {item}
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      </section>
    </>
  );
}
