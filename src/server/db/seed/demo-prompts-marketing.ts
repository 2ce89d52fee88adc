import type { PromptSeed } from './demo-prompt-seed';

export const MARKETING_PROMPTS: readonly PromptSeed[] = [
  {
    title: 'Cold Email Sequence for B2B SaaS',
    description:
      "Writes a five-step cold outreach sequence that sounds human, leads with the prospect's problem and books meetings instead of getting marked as spam.",
    category: 'marketing',
    tags: ['cold-email', 'b2b', 'sales', 'saas', 'outreach'],
    author: 'lucas',
    priceMinor: 999,
    featured: true,
    trending: true,
    content: `You are a B2B outbound specialist whose sequences average a 40 percent open rate and a 6 percent reply rate.

Product: [product] helps [customer type] to [outcome] without [pain or alternative].
Ideal customer: [role] at [company size, industry]
Trigger or signal we noticed: [hiring, funding, new tool, post they wrote]
Proof: [customer results, logos, numbers]
Call to action: [15-minute call / demo / reply with a yes]

Write a five-touch sequence over 14 days:
1. Day 1: a personalised opener (under 90 words) that mentions the trigger and one specific problem.
2. Day 3: a short follow-up that adds a new angle, not "just bumping this".
3. Day 6: a proof e-mail with one mini case study.
4. Day 10: a value e-mail with one useful idea they can use without buying.
5. Day 14: a polite break-up e-mail that makes replying easy.

For each: three subject line options (lowercase, under 6 words), the body, and the personalisation fields in [brackets]. No "I hope this finds you well", no fake "Re:", no attachments. Reading level: grade 6 or lower.`,
  },
  {
    title: 'SEO Content Brief Generator',
    description:
      'Builds a content brief for a keyword: search intent, outline, questions to answer, internal links and what the top results miss.',
    category: 'marketing',
    tags: ['seo', 'content-brief', 'keywords', 'content-marketing'],
    author: 'maya',
    priceMinor: 0,
    content: `You are an SEO content lead preparing a brief for a freelance writer.

Primary keyword: [keyword]
Secondary keywords: [list]
Our site: [domain and what we sell]
Audience: [who searches this and why]

Create a brief with:
1. Search intent: informational, commercial, transactional or navigational, and what the searcher needs to leave satisfied.
2. Working title options (3) and a meta description (under 155 characters).
3. Recommended length and format (guide, list, comparison, template).
4. Outline with H2 and H3 headings, and the key point each section must make.
5. Questions to answer explicitly (from "People also ask" style queries).
6. What the typical top-ranking articles cover, and the gap we can fill: data, examples, a template or a stronger opinion.
7. Internal links to include: [our related pages], and two external sources worth citing.
8. A call to action that fits the intent.

Keep the brief under one page so the writer actually reads it.`,
  },
  {
    title: 'Landing Page Copy in the PAS Framework',
    description:
      'Writes a complete landing page using Problem-Agitate-Solve: hero, benefits, proof, objections, FAQ and call to action, with two headline variants to test.',
    category: 'marketing',
    tags: ['copywriting', 'landing-page', 'conversion', 'pas'],
    author: 'demo',
    priceMinor: 499,
    content: `You are a conversion copywriter. You write pages that sell by understanding the reader better than they understand themselves.

Product: [name], [one-line description]
Audience: [who], who currently [how they solve the problem today]
Main pain: [pain]
Key benefits: [three to five]
Proof: [testimonials, numbers, logos]
Offer and price: [offer]
Main objection: [objection]

Write the page section by section using Problem-Agitate-Solve:
1. Hero: headline (under 10 words), subheadline, primary button text, and a line under the button that removes risk.
2. Problem: describe the pain in the reader's own words.
3. Agitate: the cost of doing nothing, made concrete (time, money, stress).
4. Solve: how the product works in three steps.
5. Benefits: each as outcome first, feature second.
6. Proof section with placeholders for [testimonial] and [metric].
7. Objection handling and a five-question FAQ.
8. Final call to action that restates the offer.

Give two alternative hero headlines for an A/B test and explain the hypothesis behind each.`,
  },
  {
    title: 'Social Media Content Calendar (30 Days)',
    description:
      'Plans a month of posts across your channels with content pillars, hooks, formats and posting times, exportable as a table.',
    category: 'marketing',
    tags: ['social-media', 'content-calendar', 'instagram', 'linkedin'],
    author: 'amara',
    priceMinor: 0,
    trending: true,
    content: `You are a social media manager for fast-growing brands.

Brand: [brand], which sells [product] to [audience]
Channels: [LinkedIn / Instagram / TikTok / X / other]
Goal this month: [awareness / leads / launch / community]
Content pillars (or ask me to suggest them): [pillars]
Posting capacity: [posts per week per channel]
Key dates: [launches, events, holidays]

Create a 30-day calendar as a table with columns: date, channel, pillar, format (carousel, short video, text, poll, story), hook (first line), post summary, call to action, and asset needed.

Rules:
- Mix: 40 percent educational, 30 percent community and behind-the-scenes, 20 percent social proof, 10 percent direct promotion.
- Every hook must work without the rest of the post.
- Reuse the strongest idea of each week in a second format on another channel.

After the table, write out the three posts you expect to perform best in full.`,
  },
  {
    title: 'Customer Persona Builder from Reviews',
    description:
      'Turns raw customer reviews, survey answers or interview notes into evidence-based personas with jobs, pains and the words customers actually use.',
    category: 'marketing',
    tags: ['personas', 'customer-research', 'positioning', 'voice-of-customer'],
    author: 'amara',
    priceMinor: 0,
    content: `You are a product marketer who builds personas from evidence, not imagination.

Raw input (reviews, survey answers, interview notes, support tickets):
[paste text]

Product: [product and category]

Do the following:
1. Cluster the input into two to four distinct customer segments. Explain the signal that separates them.
2. For each segment, build a persona with: a descriptive name (not a cute alias), situation, job to be done, triggers that made them look for a solution, top pains, desired outcomes, objections before buying, and alternatives they considered.
3. Quote the exact phrases customers used (at least three per persona) so copywriters can reuse their language.
4. Estimate which segment is most valuable and why, based only on the evidence.
5. List the questions the data cannot answer yet, and how to find out.

Mark anything you inferred rather than read directly in the input with (inferred).`,
  },
  {
    title: 'Google Ads Headline and Description Pack',
    description:
      'Generates responsive search ad assets within character limits, grouped by angle, with keyword insertion and pinning suggestions.',
    category: 'marketing',
    tags: ['google-ads', 'ppc', 'advertising', 'copywriting'],
    author: 'lucas',
    priceMinor: 499,
    content: `You are a paid search specialist who writes ads with high quality scores and click-through rates.

Product or service: [what we sell]
Landing page: [URL and its main promise]
Target keywords: [keywords]
Unique selling points: [USPs]
Offer: [discount, free trial, guarantee]
Location and audience: [where and who]

Write a responsive search ad pack:
1. 15 headlines of at most 30 characters, grouped by angle: keyword match, benefit, proof, offer, urgency. Show the character count next to each.
2. 4 descriptions of at most 90 characters, with counts.
3. Which headline to pin in position 1 and why.
4. Two sitelink extensions (title under 25 characters, two description lines under 35) and four callouts under 25 characters.
5. Negative keyword ideas to avoid wasted spend.

Do not make claims we cannot prove. Avoid exclamation marks in headlines.`,
  },
  {
    title: 'Product Launch Announcement Kit',
    description:
      'Creates every asset for a launch in one go: announcement post, e-mail, social posts, press blurb and an internal FAQ, all consistent in message.',
    category: 'marketing',
    tags: ['product-launch', 'announcement', 'press-release', 'go-to-market'],
    author: 'lucas',
    priceMinor: 1499,
    content: `You are a product marketing manager running a launch.

What we are launching: [feature or product]
Who it is for: [audience]
Problem it solves: [problem]
How it works: [short explanation]
Proof or early results: [beta numbers, quotes]
Availability and pricing: [who gets it, when, cost]
Launch date: [date]

Start with a one-sentence positioning statement and three key messages. Every asset below must use them consistently.

Then write:
1. Blog announcement (500 words): headline, the problem, the solution, how it works, a customer quote [quote], availability.
2. Launch e-mail to existing customers (under 200 words) with subject lines.
3. LinkedIn post, X thread (5 posts) and a short video script (45 seconds).
4. Press blurb (100 words) for media and partners.
5. Internal FAQ for sales and support: ten likely questions with answers.
6. A launch-day checklist with owners as placeholders [owner].`,
  },
  {
    title: 'Brand Voice Style Guide Creator',
    description:
      "Defines your brand voice from examples you like and dislike, with principles, vocabulary, do and don't pairs and rewrites.",
    category: 'marketing',
    tags: ['brand-voice', 'style-guide', 'branding', 'tone'],
    author: 'maya',
    priceMinor: 999,
    content: `You are a brand strategist who turns a fuzzy sense of "how we sound" into a guide any writer can follow.

Company: [company], [what it does], for [audience]
Three words we want to be described with: [words]
Writing we like (ours or others): [paste examples]
Writing we do not want to sound like: [paste examples]

Create a voice guide:
1. Voice summary in two sentences.
2. Four voice principles, each with a "we are X, not Y" line, an explanation, and a before/after example.
3. How the tone flexes by situation: marketing page, product error message, support reply, apology after an outage.
4. Vocabulary: words we use, words we avoid, and how we write product names, numbers and dates.
5. Grammar and style decisions: contractions, Oxford comma, emoji, exclamation marks, sentence case for headings.
6. Rewrite this sample in our voice: [paste sample].

Keep the whole guide scannable: headings, short bullets, examples over theory.`,
  },
  {
    title: 'YouTube Video Title and Thumbnail Ideas',
    description:
      'Brainstorms click-worthy but honest titles, thumbnail concepts and the first 30 seconds of script for a video idea.',
    category: 'marketing',
    tags: ['youtube', 'video-marketing', 'titles', 'thumbnails'],
    author: 'amara',
    priceMinor: 0,
    content: `You are a YouTube strategist who has helped channels grow from zero to a million subscribers.

Channel: [channel name], about [niche], audience [who watches]
Video idea: [idea]
What viewers get by the end: [payoff]

Give me:
1. 12 title options under 60 characters in different styles: curiosity gap, how-to, list, contrarian, personal story, result-first. Mark the three strongest.
2. For the top three titles, a thumbnail concept: main image, facial expression or object, at most four words of text, and colour contrast. The thumbnail must add information the title does not repeat.
3. A script for the first 30 seconds: a hook that confirms the title's promise, a reason to keep watching, and a preview of the payoff.
4. Five search keywords to use in the description, and a description opening of two sentences.

Titles must be honest: the video has to deliver what the title promises.`,
  },
  {
    title: 'Email Subject Line A/B Test Generator',
    description:
      'Generates subject line and preview text pairs for an e-mail, each with a clear test hypothesis, so you learn something from every send.',
    category: 'marketing',
    tags: ['email-marketing', 'ab-testing', 'subject-lines', 'copywriting'],
    author: 'demo',
    priceMinor: 0,
    content: `You are an e-mail marketer who treats every campaign as an experiment.

E-mail content summary: [what the e-mail says]
Audience segment: [who receives it]
Goal: [open / click / reply / purchase]
Brand tone: [tone]
Past winners (optional): [subject lines that worked before]

Produce ten subject line and preview text pairs:
- Subject under 45 characters, preview under 90 characters, and the preview must add to the subject rather than repeat it.
- Cover different levers: curiosity, specificity with numbers, personalisation with [first_name], urgency without fake deadlines, question, benefit-first, and plain and direct.

Then pick two pairs for an A/B test that isolates one variable, state the hypothesis, the minimum sample size per variant for a meaningful result on a list of [list size], and what we learn if either wins.

Flag any subject line that might trigger spam filters.`,
  },
  {
    title: 'Competitor Positioning Teardown',
    description:
      "Analyses competitors' homepages, pricing and messaging to find the position nobody owns and how to claim it.",
    category: 'marketing',
    tags: ['competitive-analysis', 'positioning', 'strategy', 'messaging'],
    author: 'lucas',
    priceMinor: 999,
    content: `You are a positioning consultant in the tradition of April Dunford.

Our product: [product and what makes it different]
Competitors: [names with homepage headline, pricing and main claims pasted for each]
Our best customers: [who they are and why they chose us]

Deliver:
1. A comparison table: target customer, main promise, proof offered, pricing model, tone, and what each one is clearly not for.
2. The category each competitor is positioning in, and the one we are implicitly in today.
3. Claims everyone makes (these are table stakes, not differentiation).
4. Unoccupied positions: two or three alternatives, each with the customer it would attract, the evidence we would need, and the risk.
5. A recommended positioning statement: For [target] who [need], [product] is the [category] that [key benefit], unlike [alternative].
6. A new homepage headline and subheadline that express it.`,
  },
];
