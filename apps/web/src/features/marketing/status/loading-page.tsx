import { LoadingOrb } from '../../../components/ui/loading-orb.tsx';
import './loading.css';

/** docs/product.md §2: a loading animation, outside the layout. */
export function LoadingPage() {
  return (
    <main className="loading-screen">
      <title>Loading · Lumigen</title>
      <h1 className="visually-hidden">Loading</h1>
      <LoadingOrb label="Loading" />
    </main>
  );
}
