import { HealthStatus } from '../features/health/components/health-status.tsx';
import './app.css';

/** Landing placeholder until the full site (router, layout, pages) lands. */
export function App() {
  return (
    <main className="hero">
      <div className="hero__content">
        <p className="hero__eyebrow">AI image studio</p>
        <h1 className="hero__title">Lumigen</h1>
        <p className="hero__lead">
          Turn a written prompt into an image, then remove backgrounds, erase text, upscale and more — every
          new account starts with 5 free credits.
        </p>
        <HealthStatus />
      </div>
    </main>
  );
}
