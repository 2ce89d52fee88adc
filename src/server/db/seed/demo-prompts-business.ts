import type { PromptSeed } from './demo-prompt-seed';

export const BUSINESS_PROMPTS: readonly PromptSeed[] = [
  {
    title: 'Investor Pitch Deck Storyline',
    description:
      'Builds the slide-by-slide story of a seed or Series A pitch deck, with the one message each slide must land and the data to back it.',
    category: 'business',
    tags: ['pitch-deck', 'fundraising', 'startups', 'investors'],
    author: 'ethan',
    priceMinor: 1499,
    featured: true,
    content: `You are a former venture capitalist who has seen 3,000 pitch decks and now coaches founders.

Company: [name], [one-line description]
Stage and raise: [pre-seed / seed / Series A], raising [amount] for [use of funds]
Traction: [revenue, growth, users, retention, pilots]
Team: [founders and relevant experience]
Market: [who buys, how many, how much they spend today]
Competition: [alternatives]
Why now: [what changed]

Write the storyline for 12 slides. For each slide give: the headline as a full sentence that states the takeaway (not a label like "Market"), the supporting content, the single number or visual that proves it, and the question an investor will ask about it.

Slides: problem, solution, why now, product, traction, business model, market size (bottom-up), competition, go-to-market, team, financials and milestones, the ask.

Then list the three weakest points of this story and how to address them before the meeting, and write the 30-second verbal pitch.`,
  },
  {
    title: 'One-Page Business Plan',
    description:
      'Condenses your business idea into a one-page plan covering customer, offer, channels, numbers and the next 90 days.',
    category: 'business',
    tags: ['business-plan', 'entrepreneurship', 'strategy', 'small-business'],
    author: 'ethan',
    priceMinor: 0,
    content: `You are a small-business advisor who believes a plan should fit on one page and be used every week.

The business: [what you sell]
Who it is for: [customer]
Why they buy: [problem or desire]
What you have today: [money, skills, customers, time]
Where you want to be in 12 months: [goal]

Write a one-page plan with these sections, each in three to five bullet points:
1. Vision in one sentence.
2. Customer and problem.
3. Offer and pricing, with the reasoning behind the price.
4. Channels: how customers will find you, in order of priority.
5. Key numbers: unit cost, price, margin, the number of customers needed to break even, monthly targets.
6. Risks and how to test each cheaply.
7. The 90-day plan: three milestones with dates and one owner each.

Use my numbers where I gave them and mark assumptions clearly as (assumption). End with the one metric I should check every Monday.`,
  },
  {
    title: 'Meeting Notes to Action Items',
    description:
      'Turns messy meeting notes or a transcript into decisions, action items with owners and dates, open questions and a follow-up e-mail.',
    category: 'business',
    tags: ['meetings', 'productivity', 'action-items', 'summaries'],
    author: 'demo',
    priceMinor: 0,
    trending: true,
    content: `You are an executive assistant known for meeting summaries people actually read.

Meeting: [title], on [date]
Attendees: [names and roles]
Notes or transcript:
[paste]

Produce:
1. Summary: three sentences on what the meeting was about and where it landed.
2. Decisions made: each as a clear statement, with who made it.
3. Action items in a table: task (starting with a verb), owner, due date, and dependency. If the notes do not name an owner or a date, write "unassigned" or "no date" rather than guessing.
4. Open questions and disagreements still unresolved, with who should resolve them.
5. A follow-up e-mail to all attendees (under 150 words) with the decisions and action items, ready to send.

Leave out small talk and repeated discussion. Keep names and numbers exactly as they appear in the notes.`,
  },
  {
    title: 'Job Description Writer (Inclusive Language)',
    description:
      'Writes a clear, inclusive job description that attracts the right candidates, separating real requirements from nice-to-haves.',
    category: 'business',
    tags: ['hiring', 'recruiting', 'job-description', 'hr'],
    author: 'fatima',
    priceMinor: 0,
    content: `You are a talent acquisition lead who writes job descriptions that attract diverse, qualified applicants.

Role: [title], [team], reporting to [manager]
Location and work model: [remote / hybrid / office], [time zones]
Salary range: [range]
What this person will achieve in the first year: [outcomes]
Day-to-day work: [tasks]
Must-have skills: [list]
Nice-to-have skills: [list]
About the company: [mission, size, stage, culture]

Write the job description:
1. A two-sentence opening about the impact of the role, not the company's history.
2. What you will do: five to seven bullets starting with verbs.
3. What you will achieve in 30, 90 and 365 days.
4. What you bring: at most six real requirements. Move anything that is not required to "Nice to have".
5. Salary, benefits and how the hiring process works, step by step.
6. An encouraging line for candidates who do not meet every requirement.

Check the language: remove gender-coded words, unnecessary degree requirements and jargon. List the changes you made at the end.`,
  },
  {
    title: 'Structured Interview Question Set',
    description:
      'Creates a structured interview for any role: competency-based questions, follow-ups, what good answers sound like and a scoring guide.',
    category: 'business',
    tags: ['interviewing', 'hiring', 'recruiting', 'competencies'],
    author: 'fatima',
    priceMinor: 499,
    content: `You are an organisational psychologist who designs fair, predictive structured interviews.

Role: [title and level]
Key competencies (or ask me to infer them from the job description): [competencies]
Job description:
[paste]
Interview length: [minutes]

Design the interview:
1. Confirm four or five competencies to assess and why each predicts success in this role.
2. For each competency: two behavioural questions ("Tell me about a time...") and one situational question ("What would you do if..."), with two follow-up probes each.
3. A scoring guide for each question on a 1 to 4 scale, describing what a weak, acceptable, strong and exceptional answer contains.
4. Red flags to listen for.
5. A timing plan for the interview, including time for the candidate's questions.
6. Questions interviewers must not ask for legal or fairness reasons.

Every candidate gets the same questions in the same order, so keep the set tight.`,
  },
  {
    title: 'Negotiation Prep Sheet',
    description:
      'Prepares you for any negotiation: your BATNA, their likely interests, opening position, concessions and the exact words for hard moments.',
    category: 'business',
    tags: ['negotiation', 'sales', 'salary', 'strategy'],
    author: 'ethan',
    priceMinor: 999,
    content: `You are a negotiation coach trained in principled negotiation.

Negotiation: [what it is about, e.g. salary offer, vendor contract, partnership]
Me: [my role, goals, constraints]
Them: [who they are, what I know about their situation]
Deadline and timing: [dates]
What has happened so far: [history]

Prepare a one-page sheet:
1. My interests (why I want what I want) and my priorities ranked.
2. Their likely interests and constraints, and how to test those assumptions with questions.
3. My BATNA (best alternative if we do not agree), how to improve it before the meeting, and my walk-away point.
4. Their probable BATNA.
5. Opening position with the justification, and the target I actually want.
6. Tradeable items: what I can give that is cheap for me and valuable for them, and what I want in return.
7. Scripts for hard moments: their lowball, "this is our final offer", silence, an emotional reaction.
8. Questions to ask in the first ten minutes.

Then role-play: you play the other side for three rounds, and give me feedback after each.`,
  },
  {
    title: 'OKR Drafting Workshop',
    description:
      'Helps a team turn priorities into a small set of ambitious, measurable OKRs, and flags key results that are really tasks.',
    category: 'business',
    tags: ['okrs', 'goals', 'strategy', 'planning'],
    author: 'fatima',
    priceMinor: 0,
    content: `You are an OKR coach who has rolled out OKRs at companies from ten to ten thousand people.

Team: [team and its mission]
Company goals for the period: [goals]
Our draft priorities or OKRs: [paste, or describe what we want to achieve]
Period: [quarter]

Work through it with me:
1. Critique each draft objective: is it qualitative, inspiring and within the team's influence?
2. Critique each key result: is it an outcome (not a task), measurable, with a baseline and a target? Flag any that are really projects and move them to an initiatives list.
3. Propose a final set: at most three objectives with two to four key results each, with baseline, target, and how it will be measured.
4. For each key result, one leading indicator we can check weekly.
5. Dependencies on other teams.
6. What we are explicitly not doing this quarter.

Aim for key results where hitting 70 percent would still be a good quarter.`,
  },
  {
    title: 'Customer Support Macro Writer',
    description:
      'Writes empathetic, on-brand support reply templates for your most common tickets, with placeholders and escalation notes.',
    category: 'business',
    tags: ['customer-support', 'templates', 'customer-service', 'communication'],
    author: 'fatima',
    priceMinor: 0,
    content: `You are a customer support lead who writes replies that solve the problem in one message.

Company and product: [company], [product]
Support tone: [friendly / formal / playful]
Common ticket types: [list, e.g. refund request, login problem, shipping delay, bug report, feature request]
Policies to respect: [refund window, SLAs, what agents may offer]

For each ticket type write a macro:
1. Subject line.
2. Opening that acknowledges the customer's specific situation with a placeholder like [detail from ticket], not a generic "Sorry for the inconvenience".
3. The answer or the steps, numbered, with placeholders for [order number], [date] and [link].
4. What happens next and when.
5. A closing that invites a reply.

Add an internal note under each macro: when not to use it, and when to escalate and to whom.

Keep each macro under 120 words. Avoid blaming the customer and avoid promising what the policy does not allow.`,
  },
  {
    title: 'SWOT and Strategic Options Analysis',
    description:
      'Goes beyond a SWOT grid: turns strengths, weaknesses, opportunities and threats into concrete strategic options and a recommendation.',
    category: 'business',
    tags: ['swot', 'strategy', 'analysis', 'planning'],
    author: 'ethan',
    priceMinor: 499,
    content: `You are a strategy consultant preparing a board discussion.

Organisation: [company or product], in [industry]
Current situation: [revenue, customers, position, recent changes]
Market trends: [trends]
Competitors: [main competitors and their moves]
Decision we face: [question]

Produce:
1. A SWOT with at most five items per quadrant, each specific and backed by a fact from the information above. Generic items ("great team") are not allowed.
2. A TOWS matrix: strategies that use strengths to seize opportunities, use strengths to counter threats, fix weaknesses to seize opportunities, and minimise weaknesses against threats.
3. Three distinct strategic options, each with what we would do, the investment, the expected result, the main risk and how we would know within 90 days if it is working.
4. A recommendation with the reasoning, and what would have to be true for another option to be better.

Keep it to what a board could read in five minutes.`,
  },
  {
    title: 'Difficult Conversation Script for Managers',
    description:
      'Prepares a manager for a hard conversation (performance, behaviour, bad news) with an opening script, likely reactions and how to respond.',
    category: 'business',
    tags: ['management', 'leadership', 'feedback', 'communication'],
    author: 'fatima',
    priceMinor: 999,
    content: `You are an executive coach who helps managers have difficult conversations with clarity and kindness.

Situation: [what happened, with specific examples and dates]
The person: [role, tenure, relationship with me, what I know about their circumstances]
What I need to change or communicate: [outcome]
Constraints: [HR policy, what is already decided, what is negotiable]

Prepare me:
1. The goal of the conversation in one sentence, and what success looks like at the end of it.
2. An opening script (under 60 seconds) that states the issue directly using the situation-behaviour-impact model, without a "feedback sandwich".
3. Questions to understand their perspective.
4. Their three most likely reactions (defensive, upset, silent, or surprised) and how to respond to each, with example phrases.
5. How to agree on next steps and a follow-up date.
6. What to write down afterwards.

Then role-play the conversation: you play the employee realistically, and coach me after.`,
  },
  {
    title: 'Standard Operating Procedure Writer',
    description:
      'Turns the way someone does a task today into a clear SOP with steps, owners, checks and screenshots placeholders, so anyone can repeat it.',
    category: 'business',
    tags: ['sop', 'operations', 'process', 'documentation'],
    author: 'fatima',
    priceMinor: 0,
    content: `You are an operations manager who writes procedures a new hire can follow on day one.

Process: [name]
Why it exists: [purpose]
Who does it and how often: [role, frequency]
How it is done today (notes, recording transcript or bullet points):
[paste]
Tools used: [tools]

Write the SOP:
1. Purpose and scope: what this covers and what it does not.
2. Roles: who does what, and who to ask when stuck.
3. Before you start: access, inputs and checks.
4. Numbered steps, one action each, starting with a verb. Add [screenshot] placeholders where a picture saves words, and warnings before irreversible steps.
5. Quality checks: how to know it was done correctly.
6. Exceptions: the three most common problems and what to do.
7. Revision history and owner.

Flag any step in my notes that was unclear or seemed to be missing.`,
  },
];
