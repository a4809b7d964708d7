import type { PublicUser, UserRole } from '@lumigen/contract/accounts';
import { webMessages } from '@lumigen/contract/web-messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notify } from './notify.ts';
import { clearToken, getToken, onUnauthorized, setToken, subscribeToken } from './api.ts';
import { creditQuery, creditQueryKey, logout as logoutCall, type CreditData } from './session-api.ts';

export type Auth = {
  token: string | null;
  /**
   * False in prerendered HTML and while the browser takes it over (token is then null whatever is
   * stored); true once storage has been read. Protected pages wait for it before deciding.
   */
  sessionKnown: boolean;
  /**
   * `emailVerified` is false until the address is confirmed (the verification notice reads it);
   * `role` 'admin' opens the operator's console (docs/decisions/054).
   */
  user: { name: string; email: string; emailVerified: boolean; role: UserRole } | null;
  /** undefined while the balance loads. */
  credit: number | undefined;
  signIn(token: string, user: PublicUser): void;
  signOut(): Promise<void>;
  /**
   * The server has already ended the session (the account was deleted): forget the token and
   * everything read with it, without a logout call, which would only answer 401.
   */
  forget(): void;
  refreshCredit(): Promise<void>;
};

const AuthContext = createContext<Auth | null>(null);

/**
 * Session state: the token (localStorage `token`, docs/product.md §3), and with a token the credit data,
 * loaded automatically. Any 401 clears the session and sends the user to /login.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // Prerendered pages are drawn without a session, and taking them over must draw exactly that. The
  // stored token is read once React has the page, as a transition, with what waits for it (a protected
  // page, mounted whole): React renders that in slices. Read through useSyncExternalStore, which
  // cannot be a transition, it re-rendered every reader of the session in one task, the longest on a
  // signed-in page (docs/architecture.md §5, TBT; decision 032). Later changes (sign-in, logout, a
  // 401, another tab) apply at once.
  const [token, setTokenState] = useState<string | null>(null);
  const [sessionKnown, setSessionKnown] = useState(false);
  useEffect(() => {
    const read = () => setTokenState(getToken());
    startTransition(() => {
      read();
      setSessionKnown(true);
    });
    return subscribeToken(read);
  }, []);
  // Marks the document once the page answers input and knows its session. Browser tests wait for
  // it: a click on prerendered HTML before its code runs does nothing.
  useEffect(() => {
    if (sessionKnown) document.documentElement.dataset.ready = 'true';
  }, [sessionKnown]);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();

  const credit = useQuery({ ...creditQuery(token), enabled: token !== null });

  useEffect(() => {
    if (credit.error && (credit.error as { status?: number }).status !== 401) {
      notify.error(webMessages.creditLoadFailed(credit.error.message), { toastId: 'credit-load' });
    }
  }, [credit.error]);

  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.removeQueries({ queryKey: ['credit'] });
        if (location.pathname !== '/login')
          void navigate('/login', { state: { from: location.pathname }, replace: true });
      }),
    [navigate, location, queryClient],
  );

  const signIn = useCallback(
    (newToken: string, user: PublicUser) => {
      // Only what the session reads: every text of messages.ts would otherwise join the first load.
      queryClient.setQueryData<CreditData>(creditQueryKey(newToken), {
        creditBalance: user.creditBalance,
        name: user.name,
        email: user.email,
        emailVerified: user.emailVerified,
        role: user.role,
      });
      setToken(newToken);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    // The server revokes the token; the session ends here whatever it answers.
    await logoutCall().catch(() => undefined);
    clearToken();
    queryClient.removeQueries({ queryKey: ['credit'] });
  }, [queryClient]);

  const forget = useCallback(() => {
    clearToken();
    // Balance, images, ledger, sessions: none of it belongs to anyone now.
    queryClient.removeQueries();
  }, [queryClient]);

  const refreshCredit = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: creditQueryKey(token) });
  }, [queryClient, token]);

  const value = useMemo<Auth>(
    () => ({
      token,
      sessionKnown,
      user: credit.data
        ? {
            name: credit.data.name,
            email: credit.data.email,
            emailVerified: credit.data.emailVerified,
            role: credit.data.role,
          }
        : null,
      credit: credit.data?.creditBalance,
      signIn,
      signOut,
      forget,
      refreshCredit,
    }),
    [token, sessionKnown, credit.data, signIn, signOut, forget, refreshCredit],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
