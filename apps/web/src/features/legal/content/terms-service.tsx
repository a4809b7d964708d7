import { brand } from '@lumigen/contract/brand';
import { Link } from 'react-router';
import { linkRequestResponseTime, type LegalSection } from '../legal-section.ts';

const mail = <a href={`mailto:${brand.email}`}>{brand.email}</a>;

export const termsSections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'The agreement',
    body: (
      <p>
        These terms are the agreement between you and {brand.name} for using our website and AI image tools. By creating
        an account or buying credits you accept them. If you use {brand.name} for a company, you accept them on its
        behalf. Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we handle your data.
      </p>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    body: (
      <ul>
        <li>You must be at least 16 years old and give a real name and an e-mail address you can receive mail at.</li>
        <li>
          Keep your password to yourself. You are responsible for what happens in your account; tell us straight away if
          you think someone else has used it.
        </li>
        <li>One account per person. Creating extra accounts to collect more free credits is not allowed.</li>
      </ul>
    ),
  },
  {
    id: 'credits',
    title: 'Credits and payments',
    body: (
      <>
        <ul>
          <li>
            {brand.name} is paid for with prepaid credits, bought in bundles listed on the{' '}
            <Link to="/pricing">pricing page</Link>. Prices are in US dollars and are charged once; there is no
            subscription and nothing renews.
          </li>
          <li>
            Each generated image and each completed edit costs the credits its button shows before you start; a free
            preview costs none. Prices may change, but an action already started keeps the price it was started at.
          </li>
          <li>
            When you start an action we hold its cost. If the action fails for any reason, the credit is returned to
            your balance automatically. You are never charged for a failed action.
          </li>
          <li>New accounts receive free credits to try the service, once per person.</li>
          <li>
            Credits do not expire while your account is open. They have no cash value and cannot be transferred to
            another account.
          </li>
        </ul>
        <p>
          <strong>Refunds.</strong> If a payment was taken by mistake or the credits you paid for did not arrive,
          contact us and we will put it right or refund you. You can ask for a refund of a bundle within 14 days of
          buying it if none of its credits have been spent. This does not limit any right to a refund that your local
          consumer law gives you.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>Do not use {brand.name} to create, upload or share:</p>
        <ul>
          <li>anything illegal, or sexual content involving minors in any form;</li>
          <li>
            images meant to deceive, such as realistic pictures of real people doing or saying things they did not,
            without their consent;
          </li>
          <li>harassment, threats, hateful content, or content that promotes violence;</li>
          <li>material you do not have the right to use, such as someone else’s photos or trademarks.</li>
        </ul>
        <p>
          Do not try to break, overload or get around the limits of the service, access other people’s accounts, or
          collect data from it automatically. We may remove content and suspend accounts that break these rules.
        </p>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content and the images you make',
    body: (
      <>
        <p>
          You keep all rights you have in what you upload and in your prompts. You give us permission to store and
          process them only as needed to run the tools for you and to keep your history available to you.
        </p>
        <p>
          As far as we are able to, we give you the rights in the images you create. Images made with credits you paid
          for may be used commercially — in ads, shops, products, presentations and print. Images made only with free
          sign-up credits are for personal use and for trying the service.
        </p>
      </>
    ),
  },
  {
    id: 'ai-results',
    title: 'About AI results',
    body: (
      <p>
        AI output can be imperfect, can look like other people’s work, and is not guaranteed to be unique. Check every
        image before you publish it, especially for text, logos, faces and anything that could mislead. You are
        responsible for how you use the images you create.
      </p>
    ),
  },
  {
    id: 'link-requests',
    title: 'Copyright and link requests',
    body: (
      <p>
        If you believe something made or shared with {brand.name} infringes your rights, or you want a link to your
        content removed, e-mail {mail} with the address of the image or page, what it infringes, and how to reach you.
        Please allow {linkRequestResponseTime} for a response while we review the request.
      </p>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and changes to the service',
    body: (
      <p>
        We work to keep {brand.name} available and fast, but we cannot promise it will never be interrupted. We may
        improve, change or retire tools. If we retire a tool, your credits remain usable with the others; if we ever
        close the service, we refund unused paid credits.
      </p>
    ),
  },
  {
    id: 'ending',
    title: 'Ending the agreement',
    body: (
      <p>
        You can close your account at any time by writing to {mail}. We may suspend or close an account that seriously
        or repeatedly breaks these terms; if we close one for any other reason, we refund its unused paid credits.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        {brand.name} is provided as it is. To the extent the law allows, we are not liable for indirect or consequential
        losses, and our total liability to you is limited to what you paid us in the 12 months before the claim. Nothing
        in these terms limits liability that cannot be limited by law, or your rights as a consumer.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We e-mail account holders at least 14 days before a significant change applies. If you do not agree, you can
        close your account before then and we refund unused paid credits.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms: {mail}, <a href={`tel:${brand.phone.replace(/[^\d+]/g, '')}`}>{brand.phone}</a>, or
        the <Link to="/contact">contact form</Link>.
      </p>
    ),
  },
];
