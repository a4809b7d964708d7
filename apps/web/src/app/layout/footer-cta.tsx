import { signupBonusCredits } from '@lumigen/contract/pricing';
import { ButtonLink } from '../../components/ui/button.tsx';
import { useAuth } from '../../features/auth/auth-context.tsx';

/** The footer's call to action: sign up for a visitor, back to the generator for a user. */
export function FooterCta() {
  const { token } = useAuth();
  return (
    <section className="footer__cta" aria-labelledby="footer-cta-title">
      <div>
        <h2 id="footer-cta-title" className="footer__cta-title">
          Your next image is one sentence away.
        </h2>
        <p className="footer__cta-text">
          {token ? 'Write a prompt and Lumigen paints it, for 1 credit an image.' : `Sign up and get ${signupBonusCredits} free credits. No card needed.`}
        </p>
      </div>
      {token ? (
        <ButtonLink to="/generate" size="lg">
          Open the generator
        </ButtonLink>
      ) : (
        <ButtonLink to="/register" size="lg">
          Get Started
        </ButtonLink>
      )}
    </section>
  );
}
