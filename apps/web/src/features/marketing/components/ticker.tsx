import '../marketing.css';
import { useState } from 'react';
import { Icon } from './icon.tsx';

/**
 * A band of words scrolling sideways. Screen readers get the list once (the copy that makes the
 * loop seamless is hidden from them); it pauses on hover, on focus and with its own button, and
 * stands still under prefers-reduced-motion (tokens.css/base.css stop the animation).
 */
export function Ticker({ items, label }: { items: string[]; label: string }) {
  const [paused, setPaused] = useState(false);
  const track = (hidden: boolean) => (
    <ul className="ticker__track" aria-hidden={hidden || undefined}>
      {items.map((item) => (
        <li key={item} className="ticker__item">
          <Icon name="sparkles" size={18} />
          {item}
        </li>
      ))}
    </ul>
  );
  return (
    <div className={`ticker${paused ? ' ticker--paused' : ''}`} role="region" aria-label={label}>
      <div className="ticker__viewport">
        <div className="ticker__belt">
          {track(false)}
          {track(true)}
        </div>
      </div>
      <button type="button" className="ticker__toggle" aria-pressed={paused} onClick={() => setPaused((value) => !value)}>
        <Icon name={paused ? 'play' : 'pause'} size={16} />
        <span className="visually-hidden">Pause the moving text</span>
      </button>
    </div>
  );
}
