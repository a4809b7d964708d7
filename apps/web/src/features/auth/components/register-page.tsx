import { Link, useLocation } from 'react-router';
import { AuthCard } from './auth-card.tsx';
import { RegisterForm } from './register-form.tsx';

export function RegisterPage() {
  const location = useLocation();
  return (
    <AuthCard
      title="Create your account"
      lead="Start with 5 free credits — enough for five images or edits."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" state={location.state}>
            Login
          </Link>
        </>
      }
    >
      <RegisterForm />
    </AuthCard>
  );
}
