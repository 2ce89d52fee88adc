import { Mail, MapPin, Quote } from 'lucide-react';

interface Person {
  name: string;
  role: string;
  initials: string;
}

/* A fictional founding team: the company story is illustrative, the product facts are not. */
const FOUNDER = {
  name: 'Priya Raman',
  role: 'Founder & CEO',
  initials: 'PR',
  location: 'Brooklyn, New York',
  email: 'hello@promptforge.test',
  bio: 'Priya spent six years building support automation, where she learned that the difference between a demo and a dependable AI feature is usually one carefully tested prompt. She started Promptforge so that work gets shared, credited and paid for.',
  quote:
    'A great prompt is a small piece of software. It deserves testing, a home, and an author who gets paid.',
};

const TEAM: Person[] = [
  { name: 'Daniel Okafor', role: 'Co-founder & CTO', initials: 'DO' },
  { name: 'Lena Fischer', role: 'Head of Creator Community', initials: 'LF' },
];

function Avatar({ initials, size }: { initials: string; size: 'lg' | 'sm' }) {
  return (
    <span
      aria-hidden
      className={
        size === 'lg'
          ? 'flex size-24 shrink-0 items-center justify-center rounded-2xl bg-linear-to-br from-primary to-primary/60 text-3xl font-bold tracking-tight text-primary-foreground shadow-lg shadow-primary/20'
          : 'flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary ring-1 ring-primary/20'
      }
    >
      {initials}
    </span>
  );
}

export function AboutFounderCard() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
      <article
        aria-labelledby="founder-name"
        className="rounded-3xl border bg-card p-6 text-card-foreground shadow-sm sm:p-10"
      >
        <div className="flex flex-col gap-6 sm:flex-row sm:items-center">
          <Avatar initials={FOUNDER.initials} size="lg" />
          <div>
            <h3 id="founder-name" className="text-2xl font-bold tracking-tight">
              {FOUNDER.name}
            </h3>
            <p className="mt-1 font-medium text-primary">{FOUNDER.role}</p>
            <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1.5">
                <MapPin className="size-4" aria-hidden />
                {FOUNDER.location}
              </span>
              <a
                href={`mailto:${FOUNDER.email}`}
                className="inline-flex items-center gap-1.5 hover:text-foreground hover:underline"
              >
                <Mail className="size-4" aria-hidden />
                {FOUNDER.email}
              </a>
            </p>
          </div>
        </div>
        <p className="mt-8 max-w-[70ch] leading-relaxed text-muted-foreground">{FOUNDER.bio}</p>
        <blockquote className="mt-8 flex gap-4 rounded-2xl bg-muted/60 p-5">
          <Quote className="size-6 shrink-0 text-primary" aria-hidden />
          <p className="text-lg font-medium leading-snug text-pretty">{FOUNDER.quote}</p>
        </blockquote>
      </article>

      <div className="flex flex-col rounded-3xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
        <h3 className="text-lg font-semibold tracking-tight">Founding team</h3>
        <p className="mt-2 text-sm leading-relaxed text-muted-foreground">
          A small team of engineers and writers who use the product every day.
        </p>
        <ul className="mt-6 space-y-4">
          {TEAM.map((person) => (
            <li key={person.name} className="flex items-center gap-4">
              <Avatar initials={person.initials} size="sm" />
              <div>
                <p className="font-medium">{person.name}</p>
                <p className="text-sm text-muted-foreground">{person.role}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="mt-8 border-t pt-6 lg:mt-auto">
          <p className="text-sm leading-relaxed text-muted-foreground">
            Ideas, feedback or a prompt you are proud of? We read every message.
          </p>
          <a
            href={`mailto:${FOUNDER.email}`}
            className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            <Mail className="size-4" aria-hidden />
            Write to the team
          </a>
        </div>
      </div>
    </div>
  );
}
