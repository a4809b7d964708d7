import { PageHero } from '../../components/ui/page-hero.tsx';

export function CheckoutPage() {
  return (
    <>
      <PageHero eyebrow="Checkout" title="Checkout" lead="Card payments open soon." />
      <section className="section container">
        <p role="status">Buying credit bundles is being prepared. Nothing will be charged.</p>
      </section>
    </>
  );
}
