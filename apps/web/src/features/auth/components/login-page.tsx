import { Link, useLocation } from 'react-router';
import { AuthCard } from './auth-card.tsx';
import { LoginForm } from './login-form.tsx';

export function LoginPage() {
  const location = useLocation();
  return (
    <AuthCard
      title="Welcome back"
      lead="Log in to create and edit images with your credits."
      footer={
        <>
          New to Lumigen?{' '}
          <Link to="/register" state={location.state}>
            Register
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
