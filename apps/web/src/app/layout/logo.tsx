import { brand } from '@lumigen/contract/brand';
import { Link } from 'react-router';

export function Logo({ onInk = false }: { onInk?: boolean }) {
  return (
    <Link to="/" className={`logo${onInk ? ' logo--on-ink' : ''}`} aria-label={`${brand.name} home`}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <defs>
          <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#8b7bff" />
            <stop offset="1" stopColor="#5b45f5" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill="url(#logo-gradient)" />
        <path
          d="M10 8v16h12"
          fill="none"
          stroke="#fff"
          strokeWidth="3.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="21.5" cy="11.5" r="3" fill="#fff" />
      </svg>
      <span className="logo__word">{brand.name}</span>
    </Link>
  );
}
