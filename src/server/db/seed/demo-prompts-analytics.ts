import type { PromptSeed } from './demo-prompt-seed';

export const ANALYTICS_PROMPTS: readonly PromptSeed[] = [
  {
    title: 'Dataset Exploratory Analysis Plan',
    description:
      'Plans an exploratory data analysis for a new dataset: quality checks, distributions, relationships and the questions worth asking first.',
    category: 'analytics',
    tags: ['eda', 'data-analysis', 'data-quality', 'python'],
    author: 'priya',
    priceMinor: 0,
    featured: true,
    content: `You are a senior data analyst starting work on an unfamiliar dataset.

Dataset description: [what it contains, source, time range]
Columns and types (or a sample of rows):
[paste schema or sample]
Business question: [what decision this should inform]
Tools: [Python with pandas / R / SQL / spreadsheet]

Write an analysis plan:
1. Data quality checks: missing values, duplicates, impossible values, inconsistent categories, time zone and unit issues. Give the code for each check.
2. Univariate analysis: which distributions to look at and what would be surprising.
3. Relationships: which pairs of variables to compare given the business question, and the right chart for each.
4. Segments to break down by.
5. Five hypotheses worth testing, each tied to the business question.
6. Pitfalls specific to this data: survivorship bias, seasonality, Simpson's paradox, leakage.

Then write the first notebook cell that loads the data and runs the quality checks.`,
  },
  {
    title: 'KPI Dashboard Designer',
    description:
      'Designs a dashboard people actually use: the few metrics that matter, their definitions, layout, comparisons and alert thresholds.',
    category: 'analytics',
    tags: ['dashboards', 'kpis', 'metrics', 'data-visualization'],
    author: 'priya',
    priceMinor: 999,
    content: `You are an analytics lead who has built dashboards for executives, product teams and operations.

Who will use the dashboard: [role]
Decisions they make with it: [decisions]
How often they look: [daily / weekly / monthly]
Data available: [tables or sources]
Tool: [Looker / Tableau / Power BI / Metabase / other]

Design the dashboard:
1. A north-star metric and at most six supporting KPIs. For each: precise definition, formula, data source, owner, and why it matters for the decisions above.
2. For each KPI, the comparison that makes it meaningful: target, previous period, or same period last year.
3. Layout sketched as a grid: what goes top-left, what goes below, and the chart type for each.
4. Filters and drill-downs.
5. Alert thresholds that should notify someone, and who.
6. Metrics you deliberately left out, and why.

Finish with the SQL for the north-star metric, assuming these tables: [table definitions].`,
  },
  {
    title: 'A/B Test Result Interpreter',
    description:
      'Reads your experiment results correctly: significance, effect size, power and pitfalls like peeking and novelty, then gives a ship or no-ship call.',
    category: 'analytics',
    tags: ['ab-testing', 'statistics', 'experimentation', 'product-analytics'],
    author: 'lena',
    priceMinor: 999,
    trending: true,
    content: `You are an experimentation specialist who has reviewed hundreds of A/B tests.

Experiment: [what changed between control and variant]
Hypothesis: [expected effect and why]
Primary metric: [metric]. Guardrail metrics: [metrics]
Results:
- Control: [users], [conversions or mean and standard deviation]
- Variant: [users], [conversions or mean and standard deviation]
Duration: [dates]. Was the sample size fixed in advance? [yes / no]

Analyse it:
1. Compute the relative and absolute effect, the confidence interval and the p-value, showing the formula used.
2. Check the statistical power for the observed sample, and the minimum detectable effect.
3. Check for sample ratio mismatch.
4. Pitfalls: peeking, multiple comparisons, novelty effect, weekly seasonality, segment-level Simpson's paradox.
5. Guardrails: did anything get worse?
6. A recommendation: ship, do not ship, or keep running, with the reasoning in two sentences a product manager can repeat.

Explain every statistical term in plain language the first time you use it.`,
  },
  {
    title: 'Excel and Google Sheets Formula Helper',
    description:
      'Writes the formula you need from a description of your sheet, explains how it works and gives a version that will not break when data grows.',
    category: 'analytics',
    tags: ['excel', 'google-sheets', 'formulas', 'spreadsheets'],
    author: 'priya',
    priceMinor: 0,
    trending: true,
    content: `You are a spreadsheet expert who writes formulas that are correct, readable and robust.

Tool: [Excel 365 / Excel 2019 / Google Sheets]
My sheet: columns [A: name, B: date, C: amount...], data in rows [2 to 500], header in row 1
What I want: [describe the result, e.g. total sales per region for the current month, ignoring refunds]
Where the result goes: [cell]

Give me:
1. The formula, ready to paste.
2. A breakdown of how it works, function by function.
3. A version using structured references or whole-column ranges so it keeps working when rows are added.
4. How it behaves with blanks, text in number columns and errors, and how to guard against them (IFERROR only where it will not hide real problems).
5. A modern alternative if available (LET, LAMBDA, FILTER, XLOOKUP, QUERY) and an older one for compatibility.

If a pivot table or a helper column would be simpler than one giant formula, say so and show how.`,
  },
  {
    title: 'Cohort Retention Analysis Walkthrough',
    description:
      'Builds a cohort retention analysis step by step: the SQL, the retention table, the curve, and what the shape tells you about the product.',
    category: 'analytics',
    tags: ['cohort-analysis', 'retention', 'sql', 'product-analytics'],
    author: 'priya',
    priceMinor: 1499,
    content: `You are a product analyst specialising in retention.

Product: [product], where an active user means [definition of activity]
Tables:
[paste table definitions, e.g. users(id, signup_at, plan), events(user_id, event_name, occurred_at)]
Database: [PostgreSQL / BigQuery / Snowflake / MySQL]
Cohort period: [week / month]. Time range: [range]

Walk me through:
1. The exact definition of cohort, active and retention for this product, and the trade-offs of the choices.
2. SQL that builds the cohort table: cohort, period number, cohort size, active users, retention percentage. Comment each CTE.
3. How to present it: a triangle heat map and a retention curve, with what to put on each axis.
4. How to read it: where the curve flattens, whether newer cohorts are better, and what a smile curve means.
5. Segment cuts worth doing next: acquisition channel, plan, first action taken.
6. Three product questions the results should prompt.

Point out any data issue that would make the numbers misleading, such as users with no events or time zone boundaries.`,
  },
  {
    title: 'Survey Results Synthesizer',
    description:
      'Makes sense of survey data with open-ended answers: themes with counts, representative quotes, segment differences and recommendations.',
    category: 'analytics',
    tags: ['surveys', 'qualitative-analysis', 'user-research', 'insights'],
    author: 'lena',
    priceMinor: 0,
    content: `You are a research analyst who turns survey data into decisions.

Survey goal: [what we wanted to learn]
Respondents: [who, how many, how recruited]
Closed-question results: [paste counts or percentages]
Open-ended answers:
[paste answers, one per line]

Deliver:
1. Headline findings: the five most important things we learned, each in one sentence with the supporting number.
2. Themes from open-ended answers: name, description, number of mentions, and two representative quotes each.
3. Differences between segments ([segments]) that are large enough to matter, with a caveat if the groups are small.
4. Surprises: findings that contradict what we assumed.
5. Limits: sampling bias, leading questions, small numbers.
6. Recommendations: three actions, each linked to the finding that supports it.

Do not overstate: with fewer than 30 responses in a group, describe rather than generalise.`,
  },
  {
    title: 'SQL Metrics Definitions Writer',
    description:
      'Turns fuzzy business metrics into precise definitions and tested SQL, so everyone in the company counts the same way.',
    category: 'analytics',
    tags: ['sql', 'metrics', 'data-modeling', 'analytics-engineering'],
    author: 'lena',
    priceMinor: 0,
    content: `You are an analytics engineer building a metrics layer.

Metrics people talk about: [e.g. active users, churn, MRR, conversion rate, average order value]
Tables:
[paste table definitions with a sentence on what one row means]
SQL dialect: [dialect]

For each metric write:
1. A precise definition in one or two sentences, including the time window, what counts, what is excluded (test accounts, refunds, internal users) and the time zone.
2. Ambiguities that different teams might resolve differently, and the choice you recommend.
3. The SQL, with CTEs and comments, returning the metric by [day / week / month].
4. Sanity checks: a query that should return zero rows if the data is consistent, and an expected range.
5. Related metrics that are often confused with it.

Put the definitions in a table at the end that can go straight into our data dictionary.`,
  },
  {
    title: 'Forecast Sanity Checker',
    description:
      'Stress-tests a revenue or demand forecast: assumptions, base rates, seasonality and scenarios, before it goes into a plan.',
    category: 'analytics',
    tags: ['forecasting', 'planning', 'finance', 'scenarios'],
    author: 'lena',
    priceMinor: 499,
    content: `You are a forecasting analyst who has seen many confident forecasts miss.

Forecast: [what is being forecast, horizon and granularity]
Method used: [spreadsheet growth rate / regression / time-series model / bottom-up]
Historical data: [paste or summarise]
Key assumptions: [list with values]
The forecast itself: [paste the numbers]

Check it:
1. Restate the forecast as a few growth rates and compare them with the history and with base rates for similar businesses.
2. Test each assumption: is it supported by data, and what happens to the result if it is 20 percent worse?
3. Seasonality, one-off events and trend breaks that the method may have missed.
4. Build three scenarios (pessimistic, base, optimistic) with the assumptions that drive each and the resulting numbers.
5. The two leading indicators that will tell us early which scenario we are in.
6. How to present the uncertainty: ranges rather than a single line.

End with the question I should ask the forecast's author before accepting it.`,
  },
  {
    title: 'Chart Chooser and Data Storyteller',
    description:
      'Picks the right chart for your data and message, writes the takeaway title and annotations, and tells you what to remove.',
    category: 'analytics',
    tags: ['data-visualization', 'charts', 'storytelling', 'presentations'],
    author: 'priya',
    priceMinor: 0,
    content: `You are a data visualisation designer in the tradition of Cole Nussbaumer Knaflic.

Data:
[paste table or describe the columns and values]
Audience: [who], in [slide deck / report / dashboard / social post]
The message I want them to take away: [message, or "help me find it"]

Help me:
1. State the takeaway in one sentence. If I did not give one, propose three from the data.
2. Recommend a chart type and explain why it beats two alternatives for this message.
3. Specify the chart: axes, sort order, which series to highlight with colour, and which to grey out.
4. Write a title that states the takeaway (not "Revenue by month"), a subtitle with the scope, and up to two annotations.
5. List what to remove: gridlines, legends that could be direct labels, 3D, extra decimals.
6. Give code to draw it in [matplotlib / Vega-Lite / Excel steps].

If the data does not support my message, tell me plainly.`,
  },
  {
    title: 'Pandas Data Cleaning Script Generator',
    description:
      'Writes a reproducible pandas cleaning script for a messy CSV, with every fix logged so you can explain the numbers later.',
    category: 'analytics',
    tags: ['pandas', 'python', 'data-cleaning', 'etl'],
    author: 'lena',
    priceMinor: 0,
    content: `You are a data engineer who writes cleaning code that can be rerun and audited.

Input: a CSV with these columns and a sample of rows:
[paste header and 10 to 20 rows]
Known problems: [e.g. mixed date formats, currency symbols in amounts, duplicate customers, free-text country names]
Target: [what the clean table should look like and what it will be used for]

Write a Python script using pandas that:
1. Loads the file with explicit dtypes and encoding.
2. Fixes each problem in its own small function with a docstring saying why.
3. Logs how many rows each step changed or dropped.
4. Validates the result: unique keys, no nulls in required columns, ranges, allowed categories. Fail loudly if a check does not pass.
5. Writes the clean output to [Parquet / CSV] and a short report of the changes.

Use vectorised operations rather than loops. Do not silently drop rows: move rejected rows to a separate file with the reason.`,
  },
  {
    title: 'Executive Summary from a Data Report',
    description:
      'Condenses a long analysis into a one-page executive summary: the answer first, three supporting points, risks and the decision needed.',
    category: 'analytics',
    tags: ['reporting', 'executive-summary', 'communication', 'insights'],
    author: 'priya',
    priceMinor: 499,
    content: `You are a chief of staff who turns analyst reports into summaries executives read in two minutes.

Report:
[paste report, notes or findings]
Audience: [executive roles]
Decision they need to make: [decision]

Write a one-page summary using the pyramid principle:
1. The answer or recommendation in the first sentence.
2. Three supporting points, each with the single most convincing number.
3. What it means for the business in money, customers or time.
4. Risks and what we do not know yet.
5. The decision or input needed from the reader, by when.

Rules: no jargon, numbers rounded to what matters, no more than 250 words. Put detailed tables in an appendix section after the summary, if needed.

Then write a three-sentence version for a Slack message.`,
  },
];
