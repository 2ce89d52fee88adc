/** The people of the demo: the two demo accounts, a dozen creators and a handful of ordinary members. */
import { DEMO_ACCOUNTS } from './demo-accounts';

export interface PlanChoice {
  slug: 'premium' | 'business';
  billing: 'monthly' | 'annual';
  /** When the subscription started; monthly ones have paid every month since. */
  sinceDaysAgo: number;
}

export interface PersonSeed {
  /** How prompts, reviews and sessions refer to this person. */
  key: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  status: 'active' | 'suspended';
  bio: string | null;
  joinedDaysAgo: number;
  lastActiveHoursAgo: number;
  plan: PlanChoice | null;
}

type PersonInput = Omit<PersonSeed, 'role' | 'status' | 'plan'> &
  Partial<Pick<PersonSeed, 'role' | 'status' | 'plan'>>;

const person = (p: PersonInput): PersonSeed => ({
  role: 'user',
  status: 'active',
  plan: null,
  ...p,
});

export const DEMO_USER_KEY = 'demo';
export const DEMO_ADMIN_KEY = 'admin';

export const DEMO_PEOPLE: readonly PersonSeed[] = [
  person({
    key: DEMO_USER_KEY,
    name: DEMO_ACCOUNTS.user.name,
    email: DEMO_ACCOUNTS.user.email,
    bio: 'Product manager who collects prompts that save an hour a week. Trying Promptforge end to end.',
    joinedDaysAgo: 150,
    lastActiveHoursAgo: 1,
  }),
  person({
    key: DEMO_ADMIN_KEY,
    name: DEMO_ACCOUNTS.admin.name,
    email: DEMO_ACCOUNTS.admin.email,
    role: 'admin',
    bio: null,
    joinedDaysAgo: 200,
    lastActiveHoursAgo: 3,
  }),

  // Creators
  person({
    key: 'maya',
    name: 'Maya Chen',
    email: 'maya.chen@example.com',
    bio: 'Content strategist for B2B software. Ten years of turning messy ideas into articles people finish.',
    joinedDaysAgo: 190,
    lastActiveHoursAgo: 5,
    plan: { slug: 'premium', billing: 'monthly', sinceDaysAgo: 125 },
  }),
  person({
    key: 'daniel',
    name: 'Daniel Okafor',
    email: 'daniel.okafor@example.com',
    bio: 'Staff engineer. I review a lot of pull requests and write prompts that review them the way I would.',
    joinedDaysAgo: 185,
    lastActiveHoursAgo: 2,
    plan: { slug: 'premium', billing: 'annual', sinceDaysAgo: 170 },
  }),
  person({
    key: 'priya',
    name: 'Priya Raman',
    email: 'priya.raman@example.com',
    bio: 'Analytics lead at a subscription startup. SQL, retention curves and dashboards people actually open.',
    joinedDaysAgo: 180,
    lastActiveHoursAgo: 20,
  }),
  person({
    key: 'lucas',
    name: 'Lucas Moreau',
    email: 'lucas.moreau@example.com',
    bio: 'Direct-response copywriter. Landing pages, ads and launch e-mails for founders.',
    joinedDaysAgo: 176,
    lastActiveHoursAgo: 9,
    plan: { slug: 'premium', billing: 'monthly', sinceDaysAgo: 3 },
  }),
  person({
    key: 'sofia',
    name: 'Sofia Alvarez',
    email: 'sofia.alvarez@example.com',
    bio: 'High-school chemistry teacher. I build prompts that make students do the thinking.',
    joinedDaysAgo: 170,
    lastActiveHoursAgo: 30,
  }),
  person({
    key: 'ethan',
    name: 'Ethan Brooks',
    email: 'ethan.brooks@example.com',
    bio: 'Two-time founder, now advising early-stage teams on fundraising and planning.',
    joinedDaysAgo: 165,
    lastActiveHoursAgo: 14,
    plan: { slug: 'business', billing: 'monthly', sinceDaysAgo: 160 },
  }),
  person({
    key: 'hannah',
    name: 'Hannah Schmidt',
    email: 'hannah.schmidt@example.com',
    bio: 'Novelist and freelance editor. Dialogue, pacing and the sentence-level work nobody sees.',
    joinedDaysAgo: 158,
    lastActiveHoursAgo: 48,
  }),
  person({
    key: 'kenji',
    name: 'Kenji Watanabe',
    email: 'kenji.watanabe@example.com',
    bio: 'Backend and platform engineer. Containers, databases and keeping production boring.',
    joinedDaysAgo: 150,
    lastActiveHoursAgo: 7,
  }),
  person({
    key: 'amara',
    name: 'Amara Nwosu',
    email: 'amara.nwosu@example.com',
    bio: 'Growth marketer. Experiments, e-mail and social for consumer apps.',
    joinedDaysAgo: 140,
    lastActiveHoursAgo: 11,
  }),
  person({
    key: 'oliver',
    name: 'Oliver Bennett',
    email: 'oliver.bennett@example.com',
    bio: 'Instructional designer for online courses. Learning outcomes first, slides last.',
    joinedDaysAgo: 128,
    lastActiveHoursAgo: 60,
  }),
  person({
    key: 'fatima',
    name: 'Fatima Zahra',
    email: 'fatima.zahra@example.com',
    bio: 'Operations consultant. Processes, hiring loops and meetings that end with decisions.',
    joinedDaysAgo: 120,
    lastActiveHoursAgo: 4,
    plan: { slug: 'business', billing: 'annual', sinceDaysAgo: 110 },
  }),
  person({
    key: 'lena',
    name: 'Lena Kowalski',
    email: 'lena.kowalski@example.com',
    bio: 'Data scientist in retail forecasting. Python, pandas and healthy scepticism about charts.',
    joinedDaysAgo: 100,
    lastActiveHoursAgo: 16,
  }),

  // Members who use prompts without publishing
  person({
    key: 'jordan',
    name: 'Jordan Lee',
    email: 'jordan.lee@example.com',
    bio: null,
    joinedDaysAgo: 96,
    lastActiveHoursAgo: 6,
    plan: { slug: 'premium', billing: 'monthly', sinceDaysAgo: 95 },
  }),
  person({
    key: 'chloe',
    name: 'Chloe Martin',
    email: 'chloe.martin@example.com',
    bio: 'Freelance writer.',
    joinedDaysAgo: 80,
    lastActiveHoursAgo: 26,
  }),
  person({
    key: 'ravi',
    name: 'Ravi Patel',
    email: 'ravi.patel@example.com',
    bio: 'Head of support at a fintech.',
    joinedDaysAgo: 64,
    lastActiveHoursAgo: 3,
    plan: { slug: 'business', billing: 'monthly', sinceDaysAgo: 33 },
  }),
  person({
    key: 'grace',
    name: 'Grace Kim',
    email: 'grace.kim@example.com',
    bio: null,
    joinedDaysAgo: 41,
    lastActiveHoursAgo: 12,
    plan: { slug: 'premium', billing: 'annual', sinceDaysAgo: 6 },
  }),
  person({
    key: 'marcus',
    name: 'Marcus Johnson',
    email: 'marcus.johnson@example.com',
    bio: 'Teaching assistant, computer science.',
    joinedDaysAgo: 22,
    lastActiveHoursAgo: 40,
  }),
  person({
    key: 'tom',
    name: 'Tom Fischer',
    email: 'tom.fischer@example.com',
    bio: null,
    joinedDaysAgo: 15,
    lastActiveHoursAgo: 300,
    // One suspended account, so the admin user filters have something to show.
    status: 'suspended',
  }),
  person({
    key: 'isabella',
    name: 'Isabella Rossi',
    email: 'isabella.rossi@example.com',
    bio: 'Marketing student.',
    joinedDaysAgo: 5,
    lastActiveHoursAgo: 8,
  }),
  person({
    key: 'aisha',
    name: 'Aisha Khan',
    email: 'aisha.khan@example.com',
    bio: null,
    joinedDaysAgo: 1,
    lastActiveHoursAgo: 2,
  }),
];
