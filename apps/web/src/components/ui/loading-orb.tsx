import './loading-orb.css';

/** The loading animation (docs/product.md's /loading and the tools' working state). */
export function LoadingOrb({ label }: { label: string }) {
  return (
    <div className="loading-orb" role="status" aria-label={label}>
      <span />
      <span />
      <span />
    </div>
  );
}
