import { useState } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';

/** A code sample with its language named and a Copy button (the text, not the markup, is copied). */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  }
  return (
    <figure className="code-block">
      <figcaption className="code-block__bar">
        <span className="code-block__label">{label}</span>
        <button
          type="button"
          className="code-block__copy"
          onClick={() => void copy()}
          aria-label={`Copy the ${label} example`}
        >
          <Icon name={copied ? 'check' : 'copy'} size={16} />
          <span aria-live="polite">{copied ? 'Copied' : 'Copy'}</span>
        </button>
      </figcaption>
      <pre className="code-block__code" tabIndex={0} aria-label={`${label} example`}>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
