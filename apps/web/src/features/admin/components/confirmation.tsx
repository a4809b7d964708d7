import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

type Confirmation = {
  /** Until when the server takes changes from this session without the password again (ms since epoch). */
  until: number;
  setUntil(until: number): void;
};

const ConfirmationContext = createContext<Confirmation | null>(null);

/** What the console remembers of the last password confirmation, so the dialog asks only when needed. */
export function ConfirmationProvider({ children }: { children: ReactNode }) {
  const [until, setUntil] = useState(0);
  const value = useMemo(() => ({ until, setUntil }), [until]);
  return <ConfirmationContext.Provider value={value}>{children}</ConfirmationContext.Provider>;
}

export function useConfirmation(): Confirmation {
  const confirmation = useContext(ConfirmationContext);
  if (!confirmation) throw new Error('useConfirmation must be used inside <ConfirmationProvider>');
  return confirmation;
}
