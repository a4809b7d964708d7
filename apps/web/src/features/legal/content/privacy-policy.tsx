import { brand } from '@lumigen/contract/brand';
import { Link } from 'react-router';
import { linkRequestResponseTime, type LegalSection } from '../legal-section.ts';

const mail = <a href={`mailto:${brand.email}`}>{brand.email}</a>;

export const privacySections: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <>
        <p>
          {brand.name} is an online AI image studio: you create images from written prompts and edit images you upload,
          paying with prepaid credits. This policy explains, in plain language, what information we keep about you, why,
          for how long, and what you can ask us to do with it.
        </p>
        <p>
          {brand.name} is responsible for your personal data. Questions about this policy go to {mail} or {brand.phone}.
        </p>
      </>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <>
        <p>We only collect what we need to run the service:</p>
        <dl>
          <dt>Account</dt>
          <dd>
            Your name, e-mail address and password. We store the password only as a one-way hash; nobody at {brand.name}{' '}
            can read it.
          </dd>
          <dt>Sessions</dt>
          <dd>
            A sign-in token for each device you log in on, and when it expires (1 day, or 30 days if you choose
            “Remember me”).
          </dd>
          <dt>Images and prompts</dt>
          <dd>The prompts you write, the images you upload, and the images our tools create for you.</dd>
          <dt>Credits</dt>
          <dd>
            A record of every change to your balance: your free sign-up credits, purchases, each credit spent, and each
            automatic refund.
          </dd>
          <dt>Payments</dt>
          <dd>
            Card payments are handled by our payment provider. Your card number goes directly to them; we never see or
            store it. We receive and keep the payment’s reference, amount, currency and status.
          </dd>
          <dt>Messages</dt>
          <dd>
            What you send through the contact form (name, e-mail, message) and, if you subscribe, your newsletter e-mail
            address.
          </dd>
          <dt>Technical data</dt>
          <dd>
            Your IP address and request details, used to keep the service secure and to limit abuse such as repeated
            failed logins. Our logs record request identifiers and outcomes, never your password, your full prompts or
            your images.
          </dd>
        </dl>
      </>
    ),
  },
  {
    id: 'how-we-use-it',
    title: 'How we use it',
    body: (
      <ul>
        <li>To run your account and produce the images you ask for.</li>
        <li>To take payments, add the credits you bought exactly once, and refund credits for actions that failed.</li>
        <li>To answer your messages and help with problems.</li>
        <li>To send service e-mails you need, such as a password reset link.</li>
        <li>To send the newsletter, only if you subscribed; every issue has an unsubscribe link.</li>
        <li>To protect the service and its users from fraud and misuse.</li>
      </ul>
    ),
  },
  {
    id: 'ai-processing',
    title: 'Your images and AI processing',
    body: (
      <>
        <p>
          Your uploads and results are private to your account. We do not show them to other users, use them in our
          marketing, or sell them. We do not use your prompts or images to train AI models.
        </p>
        <p>
          Some tools run with an external AI provider. When they do, we send only what that tool needs — the prompt, or
          the image and its settings — so the provider can return your result. Our server makes these calls; your
          browser never talks to the provider and no key or account detail of yours is shared with it.
        </p>
      </>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Cookies and browser storage',
    body: (
      <p>
        We do not use advertising or tracking cookies. Your browser’s local storage keeps your sign-in token, so you
        stay logged in, and the name of the plan you chose before checkout. Logging out removes the token.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>
          We never sell personal data. We share it only with service providers who help us run {brand.name}, and only
          what each one needs:
        </p>
        <ul>
          <li>hosting and storage providers, who keep our database and your images;</li>
          <li>our payment provider, who processes card payments;</li>
          <li>our e-mail provider, who delivers service e-mails and the newsletter;</li>
          <li>AI providers, who process a prompt or image to return your result.</li>
        </ul>
        <p>We may also disclose data when the law requires it, or to protect people from harm.</p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <dl>
        <dt>Account and images</dt>
        <dd>
          For as long as your account is open; an image until you delete it. When you delete your account (on your
          profile page), your images and prompts, your jobs, your sessions and sign-in links, your name and e-mail
          address, and the contact messages and newsletter subscription sent from that address are deleted at once.
        </dd>
        <dt>Prompts and jobs</dt>
        <dd>
          A finished job — its prompt, settings and progress — is deleted 30 days after it ended. When you delete an
          image, the prompt that made it is deleted with it.
        </dd>
        <dt>Sessions</dt>
        <dd>
          Until the token expires, you log out, or it has not been used for 30 days; an account keeps at most its 50
          most recently used sessions.
        </dd>
        <dt>Password reset and confirmation links</dt>
        <dd>Until the link expires (30 minutes for a password reset, 48 hours for an address confirmation).</dd>
        <dt>Credits and payments</dt>
        <dd>
          For as long as tax and accounting law requires us to keep records of purchases, even after the account is
          closed. Test-mode payments are deleted after 30 days.
        </dd>
        <dt>E-mails not sent</dt>
        <dd>
          When no mail server is set up, a copy of each service e-mail is kept on the server for 7 days, then deleted.
        </dd>
        <dt>Contact messages</dt>
        <dd>
          For up to 2 years after we last answer, so we can follow up on an earlier conversation, or until you delete
          your account.
        </dd>
        <dt>Newsletter</dt>
        <dd>Until you unsubscribe or delete your account.</dd>
        <dt>Security logs</dt>
        <dd>For up to 90 days.</dd>
      </dl>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>You can ask us at any time to:</p>
        <ul>
          <li>show you the personal data we hold about you, or send you a copy;</li>
          <li>correct anything that is wrong;</li>
          <li>delete your account and its data;</li>
          <li>stop sending you the newsletter or any other e-mail you did not need to receive.</li>
        </ul>
        <p>
          Most of this you can do yourself on your profile page: correct your name and e-mail address, download a copy
          of your data (a ZIP with your account, credit history, purchases and images), and delete your account. For
          anything else, write to {mail} from the address on your account; we answer within 30 days. You may also
          complain to the data protection authority where you live.
        </p>
      </>
    ),
  },
  {
    id: 'link-requests',
    title: 'Link and removal requests',
    body: (
      <p>
        If you believe an image or a link connected to {brand.name} concerns you or uses your work without permission,
        e-mail {mail} with the address of the image or page and why it should be removed. Please allow{' '}
        {linkRequestResponseTime} for a response while we check the request.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Connections to {brand.name} are encrypted, passwords are hashed, you can see and sign out every session from
        your profile, and access to customer data inside our team is limited to the people who need it to help you. No
        system is perfectly secure; if a breach affects your data, we will tell you without undue delay.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        {brand.name} is not meant for children under 16, and we do not knowingly collect their data. If you think a
        child has an account, tell us and we will delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        When we change this policy in a way that matters, we e-mail account holders at least 14 days before the change
        applies, and update the date at the top of this page. Our <Link to="/terms-service">Terms of Service</Link>{' '}
        describe the rules for using {brand.name}.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        E-mail {mail}, call <a href={`tel:${brand.phone.replace(/[^\d+]/g, '')}`}>{brand.phone}</a>, or use the{' '}
        <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];
