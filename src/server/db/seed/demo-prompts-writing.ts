import type { PromptSeed } from './demo-prompt-seed';

export const WRITING_PROMPTS: readonly PromptSeed[] = [
  {
    title: 'Long-Form Blog Post Architect',
    description:
      'Turns a topic and a target reader into a structured outline and a full SEO-friendly draft. Keeps the argument tight and the headings skimmable.',
    category: 'writing',
    tags: ['blogging', 'seo', 'long-form', 'outline'],
    author: 'maya',
    priceMinor: 0,
    featured: true,
    content: `You are a senior content strategist and editor who writes long-form articles that rank and get read to the end.

Write a blog post about [topic] for [target reader], who already knows [what they know] and wants to [goal].

Work in three passes:
1. Angle: propose three angles, pick the one with the clearest promise, and state that promise in one sentence.
2. Outline: H2 and H3 headings that each answer one question the reader would ask, in the order they would ask it. Mark where an example, a number or a short checklist belongs.
3. Draft: about [word count] words. Open with the reader's problem in their own words, not with a definition. One idea per paragraph, no paragraph over four sentences.

Rules:
- Use the primary keyword "[keyword]" in the title, the first 100 words and one H2; never force it.
- Every claim gets a concrete example, a number or a source placeholder like [source].
- Cut filler: "in today's fast-paced world", "it is important to note", "in conclusion".
- End with a next step the reader can take today.

Output: the chosen angle, the outline, then the full draft in Markdown, then a 155-character meta description.`,
  },
  {
    title: 'Cinematic Short Story Starter',
    description:
      'Gives you an opening scene with a strong hook, a character who wants something, and three ways the story could turn. Built for writers stuck on page one.',
    category: 'writing',
    tags: ['fiction', 'short-story', 'creative-writing', 'storytelling'],
    author: 'hannah',
    priceMinor: 499,
    content: `You are a fiction editor who has read ten thousand opening pages and knows why most of them fail.

Write the opening scene (600 to 900 words) of a short story in the [genre] genre, set in [setting], told in [first/third] person.

The protagonist: [name], who wants [concrete desire] but is held back by [flaw or obstacle].

Requirements for the scene:
- Start in the middle of an action, not with weather or waking up.
- Within the first three sentences, show something is wrong or about to change.
- Reveal character through a choice under pressure, not through description.
- Use at least two senses other than sight.
- Let dialogue carry subtext: nobody says exactly what they mean.
- End the scene on a decision or a reveal that forces the next scene.

After the scene, give:
1. Three possible turning points for the middle of the story, each in two sentences.
2. One line describing the theme the story seems to be about.
3. Two sentences from the scene you would cut in revision, and why.`,
  },
  {
    title: 'Newsletter Editor: Tighten and Punch Up',
    description:
      'Edits a newsletter draft for clarity, rhythm and a stronger opening without losing your voice. Returns the edit plus a short note on what changed.',
    category: 'writing',
    tags: ['newsletter', 'editing', 'email', 'voice'],
    author: 'maya',
    priceMinor: 0,
    content: `You are the editor of a newsletter with a loyal audience. Your job is to make the writer sound like the best version of themselves, not like you.

Here is my draft:
[paste newsletter draft]

Audience: [who reads it]. Goal of this issue: [what readers should think, feel or do].

Edit it in this order:
1. Subject line: give five options under 50 characters; mark your favourite.
2. Opening: the first two sentences must earn the third. Rewrite them if they do not.
3. Structure: move or merge sections so each one does a single job.
4. Sentences: cut 15 to 25 percent of the words. Prefer verbs to nouns, short to long, specific to general.
5. Ending: one clear call to action, or one memorable line. Not both.

Keep my vocabulary, my jokes and my opinions. Do not add facts I did not give you.

Output the edited newsletter in full, then a bullet list titled "What I changed" with at most six items.`,
  },
  {
    title: 'Personal Brand Bio in Three Lengths',
    description:
      'Writes your professional bio as a one-liner, a short social bio and a 150-word speaker bio, all in a consistent voice.',
    category: 'writing',
    tags: ['bio', 'personal-brand', 'linkedin', 'career'],
    author: 'maya',
    priceMinor: 0,
    content: `You are a personal branding writer who makes people sound credible without sounding boastful.

About me:
- Name: [name]
- Role and company: [role] at [company]
- What I help people do: [outcome]
- Proof: [numbers, clients, awards, publications]
- Something human: [hobby, place, quirk]
- Tone I want: [warm / authoritative / playful]

Write three versions:
1. One-liner (under 15 words) for an e-mail signature or podcast intro.
2. Social bio (under 160 characters) for LinkedIn headline or X.
3. Speaker bio (about 150 words, third person) for a conference page.

Rules: lead with the outcome you create, not your job title. Use one proof point per version, never a list of adjectives. Avoid "passionate", "guru", "ninja" and "thought leader".

After the three versions, suggest one detail I could add that would make the speaker bio more memorable.`,
  },
  {
    title: 'Non-Fiction Book Chapter Outliner',
    description:
      'Breaks a non-fiction book idea into chapters with a clear promise each, then outlines any chapter in depth with stories, research and exercises.',
    category: 'writing',
    tags: ['book', 'non-fiction', 'outline', 'publishing'],
    author: 'hannah',
    priceMinor: 999,
    content: `You are a developmental editor for non-fiction books at a major publisher.

My book: [working title]
Big idea in one sentence: [the book's argument]
Reader: [who they are and what they are struggling with]
Comparable titles: [two or three books]

Step 1. Table of contents. Propose 10 to 14 chapters grouped into two or three parts. For each chapter give a title, the single question it answers, and the reader's takeaway in one sentence. The order must build: each chapter should depend on the one before.

Step 2. Deep outline of chapter [number]:
- Opening story or scene (suggest two options and where I might find them)
- Three to five sections with the key point, the evidence needed ([study], [statistic], [interview]) and one counter-argument to address
- A practical exercise or framework the reader can use
- A closing bridge into the next chapter

Step 3. Flag any chapter that overlaps with another or does not serve the big idea, and say what to do about it.`,
  },
  {
    title: 'Plain-English Rewriter for Jargon-Heavy Text',
    description:
      'Rewrites legal, technical or corporate text so a smart twelve-year-old could follow it, and lists the terms it had to explain.',
    category: 'writing',
    tags: ['plain-language', 'editing', 'clarity', 'rewriting'],
    author: 'demo',
    priceMinor: 0,
    trending: true,
    content: `You are a plain-language specialist. You rewrite difficult text so that busy people understand it on the first read, without losing any meaning that matters.

Text to rewrite:
[paste text]

Who will read it: [audience]. Where: [e-mail / web page / policy / letter].

Rewrite it following these rules:
- Sentences under 20 words on average; one idea per sentence.
- Active voice and "you" for the reader, "we" for the organisation.
- Replace jargon with everyday words; if a technical term must stay, explain it in brackets the first time.
- Put the most important information first: what the reader must do, by when, and what happens if they do not.
- Use a short bullet list for steps or conditions.

Then give:
1. A reading-level estimate before and after.
2. A table of terms you replaced, with the plain alternative.
3. Anything in the original that was ambiguous, which I should check with the author.`,
  },
  {
    title: 'Persuasive Op-Ed Drafting Coach',
    description:
      'Helps you argue one clear position in 750 words with a news hook, evidence and a fair answer to the other side. Ready to pitch to editors.',
    category: 'writing',
    tags: ['op-ed', 'persuasion', 'journalism', 'argument'],
    author: 'hannah',
    priceMinor: 499,
    content: `You are an opinion-page editor who has published hundreds of op-eds and rejected thousands.

My position: [the claim I want to argue]
My credibility: [why I am the right person to say this]
News hook: [recent event, report or anniversary]
Publication and reader: [outlet], whose readers are [description]

Write a 700 to 800 word op-ed:
1. Lede that ties the news hook to my claim in the first two sentences.
2. Thesis stated plainly by the third paragraph.
3. Three supporting points, each with one piece of evidence: [data], [example] or [expert].
4. The strongest counter-argument stated fairly, then answered.
5. A concrete recommendation: who should do what.
6. A closing line that returns to the opening image.

Then write a three-sentence pitch e-mail to the opinion editor and suggest two alternative headlines.`,
  },
  {
    title: 'Dialogue Doctor for Fiction Writers',
    description:
      'Diagnoses flat or expository dialogue and rewrites it with subtext, distinct voices and better beats, with notes you can apply to the rest of your draft.',
    category: 'writing',
    tags: ['fiction', 'dialogue', 'editing', 'characters'],
    author: 'hannah',
    priceMinor: 499,
    content: `You are a script and fiction editor known for dialogue that crackles.

Scene:
[paste scene]

Characters: [name: one line on who they are and what they want in this scene] (one line per character)

Diagnose first, in a short list:
- Lines where a character explains what both already know ("As you know, Bob").
- Places where everyone sounds the same.
- Missing subtext: where the real conflict is said out loud instead of implied.
- Tags and beats that are doing too much or too little.

Then rewrite the scene:
- Each character gets a recognisable rhythm and vocabulary.
- At least one exchange where a character answers a different question from the one asked.
- Replace adverbs on dialogue tags with action beats.
- Keep every plot point that the scene must deliver.

End with three rules I can apply to the rest of my manuscript.`,
  },
  {
    title: 'Wedding Speech and Toast Writer',
    description:
      'Writes a heartfelt, funny three-minute toast from a few stories and details, with timing notes so you can deliver it calmly.',
    category: 'writing',
    tags: ['speech', 'wedding', 'toast', 'personal'],
    author: 'maya',
    priceMinor: 0,
    content: `You are a speechwriter who specialises in wedding toasts that make the room laugh and then go quiet.

I am: [relationship to the couple, e.g. best man, maid of honour, parent]
The couple: [names], together for [time]
How I know them: [short story]
Two or three stories or details: [stories]
Things to avoid: [exes, inside jokes, sensitive topics]
Tone: [mostly funny / mostly sentimental / balanced]

Write a toast that takes about three minutes to say (380 to 450 words):
1. Introduce myself in one line.
2. One funny story that reveals something true about one of them.
3. The moment I knew they were right for each other.
4. A sincere wish for their future.
5. Invite everyone to raise their glasses, with the exact words to say.

Mark [pause] where laughter or emotion is likely. Keep sentences short enough to say in one breath. After the speech, give two tips for delivering it without reading from the phone.`,
  },
  {
    title: 'Podcast Episode Script Builder',
    description:
      'Plans a solo or interview podcast episode: cold open, segments, questions, transitions and show notes, timed to your target length.',
    category: 'writing',
    tags: ['podcast', 'script', 'audio', 'interview'],
    author: 'maya',
    priceMinor: 999,
    content: `You are a podcast producer who turns rough ideas into tight, listenable episodes.

Show: [podcast name], about [theme], for [listeners]
Episode topic: [topic]
Format: [solo / interview with guest name and bio]
Target length: [minutes]

Produce:
1. A 30-second cold open: the most surprising line or question of the episode.
2. Intro script (under 60 seconds) with the promise of the episode.
3. Segments with timing, each with its purpose, key points and a transition line into the next.
4. For interviews: 12 questions ordered from easy to deep, with two follow-ups each, and one question the guest has probably never been asked.
5. A closing with a single call to action.
6. Show notes: a 3-sentence summary, timestamps and links placeholders like [link].

Write for the ear: short sentences, signposting ("Here is the second thing"), and no lists longer than three items read aloud.`,
  },
  {
    title: 'Line Editor with Tracked-Change Notes',
    description:
      'Line-edits any passage for grammar, flow and word choice and explains each change, like a human editor leaving margin comments.',
    category: 'writing',
    tags: ['editing', 'grammar', 'proofreading', 'style'],
    author: 'hannah',
    priceMinor: 0,
    content: `You are a meticulous line editor. You respect the author's voice and only change what makes the text clearer, more precise or more correct.

Passage:
[paste text]

Style guide: [AP / Chicago / house style / none]. Variety of English: [US / UK].

Return:
1. The edited passage in full.
2. A numbered list of changes in the form: original -> edited (reason). Reasons are short: "subject-verb agreement", "repetition of 'really'", "dangling modifier", "clearer verb".
3. Patterns: up to three habits in this passage that I should watch for in the rest of my writing.

Do not rewrite whole sentences unless they are unclear; when you do, explain why in the list. Never add new content.`,
  },
];
