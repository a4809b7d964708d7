import { RegisterPage } from '../../features/auth/components/register-page.tsx';

export function RegisterRoute() {
  return <RegisterPage />;
}
