import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { useSiteConfig } from '@/lib/site-config';
import { CONTACT_EMAILS, type LegalSection } from '../lib/legal';
import { LegalDocument } from './legal-document';

/** The currency of this site's prices (its configuration), once known. */
function PricesTerm() {
  const currency = useSiteConfig().data?.currency;
  return currency ? <>Prices are in {currency}.</> : null;
}

/** Who processes payments on this site. */
function PaymentTerm() {
  const payments = useSiteConfig().data?.payments;
  if (payments === 'razorpay') return <>Payments are processed by Razorpay.</>;
  if (payments === 'test') return <>This site runs a test gateway: no real money is taken.</>;
  return null;
}

export const TERMS_SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Accepting these terms',
    content: (
      <>
        <p>
          These Terms of Service are an agreement between you and Promptforge. They apply whenever you visit
          our website, use the playground, or buy, sell or share prompts on the marketplace. By creating an
          account or using Promptforge, you agree to them.
        </p>
        <p>
          Our <Link to={PAGE_PATHS.privacy}>Privacy Policy</Link> explains how we handle your personal
          information and is part of these terms.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <ul>
        <li>
          You must be at least 16 years old to use Promptforge, and old enough to enter a contract to make
          purchases.
        </li>
        <li>
          Give us accurate information and keep your email address up to date; we use it for receipts and
          resets.
        </li>
        <li>
          Keep your password to yourself. You are responsible for what happens under your account, so tell us
          right away if you think someone else has access to it.
        </li>
        <li>One person, one account: do not share your login.</li>
      </ul>
    ),
  },
  {
    id: 'plans-and-billing',
    title: 'Plans, trials and billing',
    content: (
      <>
        <p>
          Promptforge offers a Free plan and paid plans, described on our{' '}
          <Link to={PAGE_PATHS.pricing}>pricing page</Link>, with the playground sessions each includes a
          month; a session counts once its first reply arrives, and a reply that fails never counts.
        </p>
        <ul>
          <li>
            <strong>Free trial.</strong> The Premium plan starts with a 14-day free trial, with no credit card
            required. Each account can use one trial.
          </li>
          <li>
            <strong>Prices.</strong> <PricesTerm /> The pricing page shows each plan&rsquo;s monthly and
            annual price, and the amount shown at checkout is the amount you are charged.
          </li>
          <li>
            <strong>Payment.</strong> <PaymentTerm /> A paid plan runs for the period you paid for, one month
            or one year, and is not renewed or charged again unless you pay for another period.
          </li>
          <li>
            <strong>Changes and cancellation.</strong> You can change or cancel your plan at any time. When a
            paid period ends without renewal, your account moves to the Free plan and keeps your prompts and
            history.
          </li>
          <li>
            <strong>30-day money-back guarantee.</strong> If you ask within 30 days of paying for a plan, we
            refund that payment in full to the original payment method, and your account returns to the Free
            plan.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-content',
    title: 'Your content',
    content: (
      <>
        <p>
          You own the prompts you create. By publishing a prompt on Promptforge, you give us a worldwide,
          non-exclusive license to host, display, and deliver it to other users as the listing describes (free
          to everyone, or to buyers of a premium prompt), and to show it in search and on our marketing pages.
          The license ends when you delete the prompt, except for copies already delivered to buyers.
        </p>
        <p>
          Only publish content you have the right to share. You are responsible for your prompts and for
          making sure their titles and descriptions are accurate.
        </p>
      </>
    ),
  },
  {
    id: 'selling-prompts',
    title: 'Selling and buying premium prompts',
    content: (
      <>
        <h3>For creators</h3>
        <ul>
          <li>You set the price of your premium prompts.</li>
          <li>
            For each sale you earn the share shown in your creator dashboard at the time of the sale; the rest
            covers payment processing and running the platform.
          </li>
          <li>
            Signed-in users may try a premium prompt a few times in the playground before buying. The
            prompt&rsquo;s text is never shown to them during these tries.
          </li>
        </ul>
        <h3>For buyers</h3>
        <ul>
          <li>
            Buying a prompt gives you a personal, non-transferable license to use its text in your own work,
            including commercial work.
          </li>
          <li>
            You may not resell, republish or share a purchased prompt&rsquo;s text as a prompt of your own.
          </li>
          <li>
            If a prompt is materially different from its description, contact us within 30 days of the
            purchase and we will review it for a refund.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'playground',
    title: 'The playground and AI output',
    content: (
      <>
        <p>
          Replies in the playground are generated by third-party models from Anthropic, OpenAI and Perplexity
          AI. AI output can be inaccurate, incomplete or out of date, and similar requests may produce
          different answers. Check anything important before you rely on it.
        </p>
        <p>
          You are responsible for how you use the output, and you must also follow the usage policies of the
          provider whose model you choose. We may limit message length or the number of messages per session
          to keep the service fast and fair for everyone.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>When using Promptforge, you agree not to:</p>
        <ul>
          <li>
            publish or generate content that is illegal, hateful, harassing, sexually exploitative or
            deceptive;
          </li>
          <li>infringe anyone&rsquo;s intellectual property or privacy;</li>
          <li>use prompts or the playground to create malware, spam or content meant to cause harm;</li>
          <li>
            get around plan limits, payment checks or security measures, or access accounts that are not
            yours;
          </li>
          <li>
            scrape the marketplace, copy premium prompts, or overload the service with automated requests;
          </li>
          <li>reverse engineer the service, except where the law expressly allows it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'moderation',
    title: 'Moderation, suspension and termination',
    content: (
      <>
        <p>
          Our administrators review marketplace content. We may reject or archive a prompt that breaks these
          terms, and we leave a note explaining why in your creator dashboard.
        </p>
        <p>
          We may suspend or close an account that seriously or repeatedly breaks these terms. A suspended
          account is signed out everywhere and cannot sign in until the suspension is lifted. If you believe
          we made a mistake, write to{' '}
          <a href={`mailto:${CONTACT_EMAILS.support}`}>{CONTACT_EMAILS.support}</a> and we will review it.
        </p>
        <p>You can close your account at any time by contacting support.</p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    content: (
      <p>
        We work hard to keep Promptforge available and reliable, but the service is provided &ldquo;as
        is&rdquo; and &ldquo;as available&rdquo;. To the extent the law allows, we make no warranties about
        uninterrupted availability, the quality of AI output, or the results of using any prompt.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <p>
        To the extent the law allows, Promptforge is not liable for indirect, incidental or consequential
        losses, such as lost profits or lost data. Our total liability for any claim relating to the service
        is limited to the amount you paid us in the 12 months before the claim. Nothing in these terms limits
        liability that cannot be limited by law, or your rights as a consumer.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these terms as the product changes. The date at the top shows the latest version. We
        will tell you about significant changes by email or in the app at least 14 days before they take
        effect. If you keep using Promptforge after that, the new terms apply.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    content: (
      <p>
        These terms are governed by the laws of the State of Delaware, USA, without regard to its conflict of
        laws rules. If you are a consumer, you also keep the protection of the mandatory laws of the country
        where you live.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about these terms? Email{' '}
        <a href={`mailto:${CONTACT_EMAILS.support}`}>{CONTACT_EMAILS.support}</a> or visit the{' '}
        <Link to={PAGE_PATHS.support}>Support Center</Link>. For privacy questions, write to{' '}
        <a href={`mailto:${CONTACT_EMAILS.privacy}`}>{CONTACT_EMAILS.privacy}</a>.
      </p>
    ),
  },
];

export function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro={
        <p>
          The rules for using Promptforge, written to be read. They cover your account, your plan, the prompts
          you publish or buy, and what you can expect from us.
        </p>
      }
      sections={TERMS_SECTIONS}
    />
  );
}
