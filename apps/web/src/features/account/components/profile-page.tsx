import { ButtonLink } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/session.tsx';
import { PurchaseHistory } from './purchase-history.tsx';
import { ImageGallery } from './image-gallery.tsx';
import './profile.css';

export function ProfilePage() {
  const { user, credit } = useAuth();
  return (
    <div className="container profile">
      <section className="profile__card" aria-labelledby="profile-account">
        <h2 id="profile-account">Account</h2>
        <dl className="profile__list">
          <dt>Name</dt>
          <dd>{user?.name ?? '…'}</dd>
          <dt>Email</dt>
          <dd>{user?.email ?? '…'}</dd>
          <dt>Balance</dt>
          <dd>{credit === undefined ? '…' : `${credit} credits`}</dd>
        </dl>
        <ButtonLink to="/pricing">Buy credits</ButtonLink>
      </section>
      <section aria-labelledby="profile-images">
        <h2 id="profile-images" className="profile__heading">
          Your images
        </h2>
        <ImageGallery />
      </section>
      <PurchaseHistory />
    </div>
  );
}
