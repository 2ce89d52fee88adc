import type { PromptSeed } from './demo-prompt-seed';

/** Drafts and an archived prompt, so the creator dashboard and the admin "pending" count have something real. */
export const UNPUBLISHED_PROMPTS: readonly PromptSeed[] = [
  {
    title: 'Release Notes Writer from a Changelog',
    description:
      'Turns a raw changelog or list of merged pull requests into release notes customers will read.',
    category: 'development',
    tags: ['release-notes', 'changelog', 'documentation'],
    author: 'demo',
    priceMinor: 0,
    status: 'draft',
    content: `You are a product writer who turns engineering changelogs into release notes for customers.

Product: [product]. Audience: [who reads the notes].
Raw changelog or merged pull requests:
[paste]

Group the changes into New, Improved and Fixed. Leave out internal refactors and dependency bumps unless they change behaviour.
For each item: one sentence on what the customer can now do, written as a benefit, and a link placeholder [docs link].
Start with a two-sentence highlight of the most important change.`,
  },
  {
    title: 'Customer Churn Interview Guide',
    description: 'A script for interviewing customers who cancelled, to learn why without getting defensive.',
    category: 'business',
    tags: ['churn', 'customer-research', 'interviews', 'retention'],
    author: 'demo',
    priceMinor: 499,
    status: 'draft',
    content: `You are a customer researcher preparing a churn interview.

Product: [product]. The customer: [plan, tenure, usage before cancelling].

Write a 20-minute interview guide:
1. A warm opening that makes clear this is not a win-back call.
2. Questions about the moment they first considered leaving, what they tried, and what they use now.
3. Follow-up probes that dig for specifics ("What happened next?", "Can you show me?").
4. Questions to avoid because they lead the customer.
Finish with how to tag the answers so patterns show up across twenty interviews.`,
  },
  {
    title: 'Haiku Sequence Generator',
    description: 'Writes a linked sequence of haiku that tells a small story across the seasons.',
    category: 'writing',
    tags: ['poetry', 'haiku', 'creative-writing'],
    author: 'hannah',
    priceMinor: 0,
    status: 'draft',
    content: `You are a poet who writes in the haiku tradition, with attention to seasonal words and concrete images.

Subject: [subject]. Mood: [mood].

Write a sequence of [number] haiku, one per season, that together tell a small story about the subject.
Follow a 5-7-5 syllable pattern loosely; prefer a striking image over an exact count.
Each haiku needs a seasonal reference and a cut: a turn between two images.
After the sequence, note the seasonal word you chose for each one.`,
  },
  {
    title: 'Grant Proposal Narrative Builder',
    description:
      "Drafts the narrative sections of a grant proposal from your project notes, aligned to the funder's criteria.",
    category: 'business',
    tags: ['grants', 'nonprofit', 'fundraising', 'proposals'],
    author: 'ethan',
    priceMinor: 999,
    status: 'draft',
    content: `You are a grant writer with a strong record of funded proposals.

Funder: [funder] and their evaluation criteria: [paste criteria].
Our organisation: [mission, track record]. Project: [what, who benefits, budget, timeline].

Draft the need statement, project description, goals and measurable objectives, evaluation plan and sustainability section.
Mirror the funder's language and criteria in the headings, and support every claim about need with a data placeholder [statistic, source].`,
  },
  {
    title: 'Tweet Thread Generator (Legacy)',
    description: 'Turns an article into a ten-post thread. Superseded by the social media content calendar.',
    category: 'marketing',
    tags: ['twitter', 'threads', 'social-media'],
    author: 'amara',
    priceMinor: 0,
    status: 'archived',
    moderationNote:
      'Archived at the request of the creator: replaced by "Social Media Content Calendar (30 Days)".',
    content: `You are a social media writer.

Article: [paste article].

Turn it into a thread of ten posts under 280 characters each. The first post must hook the reader on its own; the last post links to the article [link].
Number the posts and keep one idea per post.`,
  },
];
