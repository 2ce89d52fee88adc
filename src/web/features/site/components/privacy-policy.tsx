import type { ReactNode } from 'react';

// Size: the policy's text, section by section; its logic is the few lines that read the site's facts.
import { Link } from 'react-router';
import { PAGE_PATHS } from '@shared/routes';
import { useSiteConfig } from '@/lib/site-config';
import { CONTACT_EMAILS, COOKIES_SECTION_ID, type LegalSection } from '../lib/legal';
import { LegalDocument } from './legal-document';

/** How we protect data: the encrypted connection is named only where the site is served over https. */
function SecurityMeasures() {
  const tls = useSiteConfig().data?.https ? 'connections are encrypted with TLS, ' : '';
  return (
    <p>
      We protect your information with measures that fit the risk: {tls}passwords are hashed with argon2id,
      signing out ends your session on our servers, payments are verified by signature, and staff access to
      personal data is limited to those who need it to help you.
    </p>
  );
}

const STORAGE_ROWS = [
  {
    what: 'Sign-in token',
    where: 'Local storage',
    why: 'Keeps you signed in between visits and proves to our servers that requests come from you.',
    until: 'You log out or the session expires',
  },
  {
    what: 'Administrator token and role',
    where: 'Local storage',
    why: 'Keeps administrators signed in to the admin panel, separately from their regular account.',
    until: 'The administrator logs out or the session expires',
  },
  {
    what: 'Theme preference',
    where: 'Local storage',
    why: 'Remembers whether you chose the light, dark or system theme.',
    until: 'You change it or clear your browser data',
  },
  {
    what: 'Checkout cookies',
    where: 'Cookies set by Razorpay',
    why: 'Set only when you open the payment window, to complete the payment and prevent fraud.',
    until: "As described in Razorpay's cookie policy",
  },
];

function StorageTable() {
  return (
    <div>
      {/* Phones get stacked cards: the table would need sideways scrolling there. */}
      <ul className="mt-6 space-y-3 sm:hidden">
        {STORAGE_ROWS.map((row) => (
          <li key={row.what} className="rounded-xl border bg-card p-4 text-sm">
            <p className="font-medium text-foreground">{row.what}</p>
            <p className="text-xs">{row.where}</p>
            <p className="mt-2">{row.why}</p>
            <p className="mt-2">
              <span className="font-medium text-foreground">Kept until:</span> {row.until}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-6 hidden overflow-x-auto rounded-xl border sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">What Promptforge stores in your browser</caption>
          <thead className="bg-muted/60 text-xs tracking-wide text-foreground uppercase">
            <tr>
              <th scope="col" className="w-[30%] px-4 py-3 font-semibold">
                What
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Why
              </th>
              <th scope="col" className="w-[28%] px-4 py-3 font-semibold">
                Kept until
              </th>
            </tr>
          </thead>
          <tbody className="divide-y align-top">
            {STORAGE_ROWS.map((row) => (
              <tr key={row.what}>
                <th scope="row" className="px-4 py-3 font-normal">
                  <span className="block font-medium text-foreground">{row.what}</span>
                  <span className="mt-0.5 block text-xs">{row.where}</span>
                </th>
                <td className="px-4 py-3">{row.why}</td>
                <td className="px-4 py-3">{row.until}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const mail = (address: string): ReactNode => <a href={`mailto:${address}`}>{address}</a>;

/** The Privacy Policy text. Exported so tests and other pages can find a section by its anchor. */
export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          Promptforge (&ldquo;Promptforge&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) runs a web platform
          where people create, try, share and sell prompts for AI models. We are the controller of the
          personal information described in this policy.
        </p>
        <p>
          This policy explains what we collect when you use Promptforge, why we collect it, who we share it
          with, how long we keep it and the choices you have. It applies to our website, the playground, the
          marketplace and the creator and admin tools.
        </p>
      </>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    content: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your name, email address and password. We store only a salted
            hash of your password, never the password itself.
          </li>
          <li>
            <strong>Prompts and content:</strong> the prompts you publish or save as drafts, with their
            titles, descriptions, tags, categories and prices.
          </li>
          <li>
            <strong>Playground conversations:</strong> the messages you send in the playground and the replies
            you receive, saved as sessions you can reopen or delete.
          </li>
          <li>
            <strong>Messages to us:</strong> what you write when you contact support or our sales team.
          </li>
        </ul>
        <h3>Information created as you use Promptforge</h3>
        <ul>
          <li>
            <strong>Activity:</strong> how many playground sessions you have used this month, and the views,
            likes, downloads and purchases of prompts, which power creator analytics.
          </li>
          <li>
            <strong>Purchases and subscriptions:</strong> your plan, what you bought, amounts, dates and
            payment status.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser type and request logs, used to keep the
            service secure and working.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: 'How we use information',
    content: (
      <>
        <p>We use personal information only to run Promptforge and keep it safe:</p>
        <ul>
          <li>to create and secure your account and keep you signed in;</li>
          <li>to answer your playground messages through the AI model you choose;</li>
          <li>to show your published prompts in the marketplace under your name;</li>
          <li>to process payments, deliver purchased prompts and pay creators their share;</li>
          <li>to apply plan limits, such as the monthly playground allowance;</li>
          <li>to prevent fraud and abuse, and to investigate problems;</li>
          <li>
            to reply when you contact us, and to send service messages such as password resets and receipts.
          </li>
        </ul>
        <p>
          <strong>
            We do not sell your personal information, we do not show advertising, and we do not use your
            prompts or conversations to train AI models.
          </strong>
        </p>
      </>
    ),
  },
  {
    id: 'ai-providers',
    title: 'AI providers and your prompts',
    content: (
      <>
        <p>
          The playground works by sending your messages to a third-party AI provider, which generates the
          reply. Each conversation goes only to the provider of the model you selected:
        </p>
        <ul>
          <li>
            <strong>Anthropic</strong> for Claude models;
          </li>
          <li>
            <strong>OpenAI</strong> for ChatGPT models;
          </li>
          <li>
            <strong>Perplexity AI</strong> for Perplexity models.
          </li>
        </ul>
        <p>
          What we send is the message you typed, the earlier messages of the same session so the model has
          context, and, when you try a premium prompt, that prompt&rsquo;s text. We do not send your name,
          email address or payment details. Each provider processes this data under its own API terms and
          privacy policy, which we encourage you to read.
        </p>
        <p>
          Please do not put passwords, health information or other sensitive personal data into the playground
          unless you are comfortable with it being processed by the provider you chose.
        </p>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    content: (
      <>
        <p>
          Payments for plans and premium prompts are processed by <strong>Razorpay</strong>. When you pay, you
          enter your card or other payment details directly in Razorpay&rsquo;s checkout window; they never
          pass through or stay on our servers.
        </p>
        <p>
          Razorpay tells us the order and payment identifiers, the amount, the currency and whether the
          payment succeeded. We verify each payment&rsquo;s signature before unlocking what you paid for.
          Razorpay handles your payment data under its own privacy policy.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'How we share information',
    content: (
      <>
        <p>We share personal information only in these cases:</p>
        <ul>
          <li>
            <strong>Other users</strong> see your name next to the prompts you publish, along with public
            counts such as likes and downloads. Your email address is never shown to other users.
          </li>
          <li>
            <strong>Service providers</strong> who work on our behalf: the AI providers above, Razorpay for
            payments, and our hosting and email delivery providers. They may use the data only to provide
            their service to us.
          </li>
          <li>
            <strong>Legal reasons:</strong> when the law requires it, or to protect the rights, safety and
            property of our users and of Promptforge.
          </li>
          <li>
            <strong>Business transfers:</strong> if Promptforge is merged or acquired, your information moves
            with the service and this policy continues to apply to it.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: COOKIES_SECTION_ID,
    title: 'Cookies and local storage',
    content: (
      <>
        <p>
          This section is our Cookie Policy. Promptforge itself does not set advertising cookies, analytics
          trackers or any cross-site tracking. Instead, we keep a few small values in your browser&rsquo;s
          local storage, each one needed for something you asked for:
        </p>
        <StorageTable />
        <p>
          Because everything we store is strictly necessary to provide the service, we do not ask for consent
          with a cookie banner. You can clear these values at any time from your browser settings; you will
          then be signed out and the theme returns to its default.
        </p>
      </>
    ),
  },
  {
    id: 'data-retention',
    title: 'Data retention',
    content: (
      <>
        <p>We keep personal information only as long as we need it:</p>
        <ul>
          <li>
            <strong>Account details</strong> for as long as your account is open, and deleted within 30 days
            after you close it.
          </li>
          <li>
            <strong>Prompts and playground sessions</strong> until you delete them or close your account.
          </li>
          <li>
            <strong>Payment and invoice records</strong> for as long as tax and accounting law requires,
            usually up to eight years.
          </li>
          <li>
            <strong>Server logs</strong> for up to 30 days, unless we need them longer to investigate abuse.
          </li>
          <li>
            <strong>Messages to support and sales</strong> for up to 24 months after the conversation ends.
          </li>
        </ul>
        <p>Backups are overwritten on a rolling schedule, so deleted data leaves them within 35 days.</p>
      </>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <>
        <SecurityMeasures />
        <p>
          No service can promise perfect security. If we learn of a breach that affects your personal
          information, we will tell you and the relevant authorities as the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights and choices',
    content: (
      <>
        <p>Depending on where you live, you have the right to:</p>
        <ul>
          <li>get a copy of the personal information we hold about you;</li>
          <li>correct information that is wrong or incomplete;</li>
          <li>delete your account and the information linked to it;</li>
          <li>receive your data in a portable format;</li>
          <li>object to or restrict some uses of your information.</li>
        </ul>
        <p>
          You can update your name and email in your account settings. For anything else, write to{' '}
          {mail(CONTACT_EMAILS.privacy)} from the address on your account. We answer within 30 days, and we
          may ask you to confirm your identity first. You also have the right to complain to your local data
          protection authority.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        Promptforge is not meant for children under 16, and we do not knowingly collect information from them.
        If you believe a child has created an account, contact us and we will delete it.
      </p>
    ),
  },
  {
    id: 'international-transfers',
    title: 'International transfers',
    content: (
      <p>
        Our servers and some of our providers are located in the United States and other countries that may
        have different data protection rules from yours. When we transfer personal information across borders,
        we rely on contractual safeguards such as the standard contractual clauses to keep it protected.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We will update this policy when our practices change. The date at the top shows the latest version. If
        a change is significant, we will tell you by email or in the app before it takes effect. Our{' '}
        <Link to={PAGE_PATHS.terms}>Terms of Service</Link> explain the rules for using Promptforge.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        Questions about privacy or this policy? Email {mail(CONTACT_EMAILS.privacy)}. For help with your
        account, billing or the product, visit the <Link to={PAGE_PATHS.support}>Support Center</Link> or
        write to {mail(CONTACT_EMAILS.support)}.
      </p>
    ),
  },
];

interface PrivacyPolicyProps {
  focusSectionId?: string;
  notice?: ReactNode;
}

export function PrivacyPolicy({ focusSectionId, notice }: PrivacyPolicyProps) {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro={
        <p>
          Your prompts, conversations and account are yours. This policy explains, in plain language, what
          Promptforge collects, why, and how you stay in control of it.
        </p>
      }
      sections={PRIVACY_SECTIONS}
      focusSectionId={focusSectionId}
      notice={notice}
    />
  );
}
