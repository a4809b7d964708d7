import type { ReactNode } from 'react';
import { AnchorNav, type Anchor } from '../../../components/ui/anchor-nav.tsx';
import { AccountSummary } from './account-summary.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import { DevelopersSection } from './developers-section.tsx';
import { EmailSection } from './email-section.tsx';
import { ExportSection } from './export-section.tsx';
import { ImageGallery } from './image-gallery.tsx';
import { ImageViewer } from './image-viewer.tsx';
import { LedgerSection } from './ledger-section.tsx';
import { NameSection } from './name-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { PurchaseHistory } from './purchase-history.tsx';
import { SessionsSection } from './sessions-section.tsx';
import './profile.css';

const anchors: Anchor[] = [
  { id: 'account', label: 'Account' },
  { id: 'settings', label: 'Settings' },
  { id: 'sessions', label: 'Sessions' },
  { id: 'credits', label: 'Credits' },
  { id: 'images', label: 'Images' },
  { id: 'recipes', label: 'Recipes' },
  { id: 'purchases', label: 'Purchases' },
  { id: 'developers', label: 'Developers' },
  { id: 'your-data', label: 'Your data' },
];

/**
 * /profile: the account, its settings and devices, where the credits went, the images, the data.
 * `notice` goes above them all: the request to confirm the address, while it is unconfirmed;
 * `recipes` (another feature's section) after the images.
 */
export function ProfilePage({ notice, recipes }: { notice?: ReactNode; recipes?: ReactNode }) {
  return (
    <div className="container section profile anchor-layout">
      <AnchorNav anchors={anchors} label="On this page" />
      <div className="anchor-layout__body">
        {notice}
        <AccountSummary />
        <ProfileSection id="settings" title="Settings">
          <div className="profile-grid profile-grid--settings">
            <NameSection />
            <EmailSection />
            <PasswordSection />
          </div>
        </ProfileSection>
        <SessionsSection />
        <LedgerSection />
        <ProfileSection
          id="images"
          title="Your images"
          lead="Your latest images. Open one full size, download it, take it into a tool, or delete it."
        >
          <ImageGallery />
        </ProfileSection>
        {recipes}
        <PurchaseHistory id="purchases" />
        <DevelopersSection />
        <ProfileSection id="your-data" title="Your data">
          <div className="profile-grid profile-grid--stacked">
            <ExportSection />
            <DeleteAccountSection />
          </div>
        </ProfileSection>
      </div>
      <ImageViewer />
    </div>
  );
}
