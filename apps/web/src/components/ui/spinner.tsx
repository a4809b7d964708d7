import './spinner.css';

/** Decorative: the busy state is announced by the control that shows it (aria-busy, text). */
export function Spinner({ size = '1em' }: { size?: string }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}
