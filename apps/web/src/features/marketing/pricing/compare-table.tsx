import { bundles } from '@lumigen/contract/catalogue';
import { useImageCredits } from '../../../lib/providers.ts';
import { compareRows, type Cell } from './compare-rows.ts';
import './pricing.css';

function Value({ cell }: { cell: Cell }) {
  if (typeof cell === 'string') return cell;
  return (
    <span className={`compare__mark compare__mark--${cell ? 'yes' : 'no'}`}>
      <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" focusable="false">
        {cell ? <path d="M3 8.5l3 3 7-7" /> : <path d="M4 8h8" />}
      </svg>
      <span className="visually-hidden">{cell ? 'Included' : 'Not included'}</span>
    </span>
  );
}

/** The three bundles side by side, the popular one's column highlighted; a real table for screen readers. */
export function CompareTable({ caption }: { caption: string }) {
  const imageCredits = useImageCredits();
  return (
    // A focusable, labelled region: on the narrowest screens the table may scroll inside it, and
    // keyboard users must be able to scroll it too.
    <div className="compare" role="region" aria-labelledby="compare-caption" tabIndex={0}>
      <table className="compare__table">
        <caption id="compare-caption" className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <td className="compare__corner" />
            {bundles.map((bundle) => (
              <th key={bundle.name} scope="col" className={bundle.popular ? 'compare__popular' : undefined}>
                <span className="compare__plan">{bundle.name}</span>
                <span className="compare__label">{bundle.label}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {compareRows(imageCredits).map((row) => (
            <tr key={row.label}>
              <th scope="row">
                {row.label}
                {row.hint && <span className="compare__hint">{row.hint}</span>}
              </th>
              {row.cells.map((cell, index) => (
                <td key={bundles[index]!.name} className={bundles[index]!.popular ? 'compare__popular' : undefined}>
                  <Value cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
