import type { ChapterInput } from "#common/playbook/input.ts";

/*
 * The chapters "Add starter chapters" writes, once, on a site that wants a head start. Written for this
 * product: small $100 experiments run by indie builders, each chapter ending in a checklist to act on.
 */

type Starter = Omit<ChapterInput, "checklist"> & { checklist: Array<{ text: string; timeEstimate: string }> };

export const STARTER_CHAPTERS: readonly Starter[] = [
  {
    title: "Your First $100 Experiment",
    category: "Investment",
    difficulty: "Beginner",
    status: "published",
    description: "Pick one question, cap the spend at $100, and set the rule that decides the result before you spend a cent.",
    tools: ["A spreadsheet", "A calendar", "The Lab"],
    keyTakeaways: [
      "An experiment answers one question; a project answers many and finishes none.",
      "Write the success metric and the deadline before you spend anything.",
      "A result you can explain beats a result you like.",
    ],
    checklist: [
      { text: "Write your hypothesis as one sentence: if I do X, then Y will happen by Z.", timeEstimate: "10 min" },
      { text: "Choose one number that proves or disproves it, and the value that counts as success.", timeEstimate: "10 min" },
      { text: "Split the $100 into a plan: what you spend, when, and what you keep in reserve.", timeEstimate: "15 min" },
      { text: "Put the end date in your calendar with a 30-minute review slot.", timeEstimate: "5 min" },
      { text: "Log the experiment in The Lab and post day 1.", timeEstimate: "10 min" },
    ],
    body: `## Why $100

A hundred dollars is small enough that losing it will not hurt, and large enough that you will take the result seriously. That tension is the point: you learn faster when the money is real but the stakes are survivable.

## One question, not a project

Most first experiments fail because they try to answer everything at once. "Will my newsletter grow?" is a project. "Will $40 of sponsored placement in a niche newsletter bring 50 sign-ups in 7 days?" is an experiment. It has:

- **a single lever** (the placement),
- **a number** (sign-ups),
- **a threshold** (50),
- **a deadline** (7 days).

## Decide the rule before you spend

Write down, before the first dollar leaves your account, what result means "yes", what means "no", and what means "inconclusive". If you decide after you see the numbers, you will find a way to call it a win.

> A useful experiment can fail. A useless one can only be reinterpreted.

## Budget the $100

Keep about a fifth in reserve. Experiments go sideways: a payment fails, an ad is rejected, a tool needs a paid tier for one feature. The reserve lets you finish the experiment instead of abandoning it on day three.

| Share | Use |
|---|---|
| 60-70% | The lever you are testing |
| 10-20% | Tools needed to measure it |
| ~20% | Reserve |

## Log as you go

Write a short update every day or two: what you spent, what happened, what surprised you. Those notes become the most valuable part of the experiment, and later, the raw material for content.

## The review

On the end date, compare the number to the threshold you wrote down. Then answer three questions: what happened, why you think it happened, and what you would test next with another $100.`,
  },
  {
    title: "Turn an Experiment Into Content",
    category: "Social Media",
    difficulty: "Beginner",
    status: "published",
    description: "Every experiment produces a story: a bet, a twist and a number. Here is how to post it while it runs and after it ends.",
    tools: ["X (Twitter)", "LinkedIn", "Content Bangers", "A screenshot tool"],
    keyTakeaways: [
      "Build in public: share the bet on day one, not only the result.",
      "Numbers and screenshots earn trust; adjectives do not.",
      "One experiment yields at least three posts: the bet, the twist, the result.",
    ],
    checklist: [
      { text: "Post your hypothesis and budget before you start.", timeEstimate: "15 min" },
      { text: "Screenshot every number you will want to show later (dashboards change).", timeEstimate: "5 min a day" },
      { text: "Draft a mid-experiment post about the first surprise.", timeEstimate: "20 min" },
      { text: "Write the result thread: bet, spend, number, lesson, next test.", timeEstimate: "45 min" },
    ],
    body: `## The three posts every experiment gives you

1. **The bet.** "I'm spending $100 to find out whether X. Here's the plan and the number I'm aiming for." People follow a story whose ending they do not know yet.
2. **The twist.** Something always surprises you by day three: a channel that flops, a comment that changes your mind, a cost you did not expect. Post it while it is fresh.
3. **The result.** Spend, outcome, the threshold you set, and what you will do next. Include the failure when it fails; those posts often travel furthest.

## Show the numbers

Screenshots of real dashboards, spend receipts and simple charts carry more weight than any adjective. Crop out personal data, keep the numbers.

## A thread template

- Post 1: the question and the $100 cap.
- Post 2: the setup (what you bought, where, why).
- Post 3-4: what happened, with a screenshot.
- Post 5: the number against your threshold.
- Post 6: the lesson in one sentence.
- Post 7: the next experiment, and an invitation to follow it.

## Reuse, don't repeat

The same experiment becomes a thread on X, a longer post on LinkedIn, a paragraph in your newsletter and, with a few of them, a chapter. Write the long version once and cut it down for each platform instead of starting from zero each time.`,
  },
  {
    title: "Validate Demand With $100 of Ads",
    category: "Product Strategy",
    difficulty: "Intermediate",
    status: "published",
    description: "Before you build, buy a few hundred visits to a one-page offer and measure who asks for more.",
    tools: ["A landing page builder", "Meta Ads or Reddit Ads", "A waitlist form", "Analytics"],
    keyTakeaways: [
      "Test the offer, not the product: a clear page and a real call to action.",
      "Measure sign-ups per visitor, not clicks per impression.",
      "Set the kill threshold before the campaign starts.",
    ],
    checklist: [
      { text: "Write the offer in one headline and three bullet points.", timeEstimate: "30 min" },
      { text: "Build a one-page site with a waitlist form and analytics.", timeEstimate: "1-2 hours" },
      { text: "Create two ad variants aimed at one narrow audience.", timeEstimate: "45 min" },
      { text: "Run the ads until $80 is spent; keep $20 in reserve.", timeEstimate: "5-7 days" },
      { text: "Compute sign-ups per visitor and compare with your threshold.", timeEstimate: "20 min" },
    ],
    body: `## What you are really testing

A demand test answers one question: **do strangers who match your audience want this enough to leave an email?** You are not testing the product, your design skills or the ad network.

## The page

One headline that names the outcome, three bullets on how, one form. No navigation, no pricing table, no "learn more" maze. If a visitor cannot tell what you offer in five seconds, the test measures confusion.

## The audience

Narrow beats broad on a small budget. "Freelance designers in the UK who use Figma" gives you a readable signal on $80; "people interested in design" spends the money before the algorithm learns anything.

## The numbers that matter

- **Cost per visit**: tells you about the ad, not the offer.
- **Sign-up rate (sign-ups / visits)**: this is your signal. As a rough guide, under 2% is a weak offer, 5% or more deserves a second, larger test.
- **Replies**: if you send a short welcome email asking "what made you sign up?", the answers are worth more than the rate.

## Before you start

Write down the threshold: "If fewer than 3% of visitors sign up after $80 of spend, I stop." Then respect it. The point of spending $100 now is to avoid spending three months building something nobody asked for.`,
  },
  {
    title: "AI Tools on a $100 Budget",
    category: "AI Strategy",
    difficulty: "Intermediate",
    status: "published",
    description: "Use pay-as-you-go AI to do a week of work for a few dollars, and measure whether it actually saved you time.",
    tools: ["An LLM API with usage billing", "A prompt notebook", "A timer"],
    keyTakeaways: [
      "Pay per use before you pay per seat.",
      "Time one task by hand first, so the saving is measured, not felt.",
      "Keep the prompts that worked: they are an asset.",
    ],
    checklist: [
      { text: "Pick one repetitive task you do every week and time it by hand once.", timeEstimate: "1 hour" },
      { text: "Set a hard monthly spending limit on the API account.", timeEstimate: "5 min" },
      { text: "Write a prompt for the task and save it with an example input and output.", timeEstimate: "30 min" },
      { text: "Run the task with AI for a week and log time spent and cost.", timeEstimate: "1 week" },
    ],
    body: `## Subscriptions are the expensive way to try

A monthly seat costs the same whether you use it once or every hour. For an experiment, pay-as-you-go APIs let you spend cents on the tasks that matter and nothing on the days you do not use them.

## Measure the baseline

Time the task by hand once: writing product descriptions, summarising user interviews, drafting support replies. Without that number, "AI saves me time" is a feeling.

## Write prompts like functions

A good prompt has an input, a clear instruction, an example of the output you want, and the format to return. Save each working prompt with its example. After a week you have a small library that anyone on your team can reuse.

## Guard the budget

Set a hard spending limit on the account before the first call. Long documents and chatty loops cost more than you expect; the limit turns a surprise bill into an error message.

## What to record

For each run: the task, the minutes it took with AI (including fixing the output), and the cost. At the end, compare with the baseline. If you saved two hours for $6, you have a result worth sharing, and a reason to spend the rest of the $100 on the next task.`,
  },
  {
    title: "Keep Your Accounts Safe While You Experiment",
    category: "Security",
    difficulty: "Beginner",
    status: "published",
    description: "New tools, new cards, new logins: a short routine so an experiment never costs more than its $100.",
    tools: ["A password manager", "An authenticator app", "A virtual or prepaid card"],
    keyTakeaways: [
      "Use a separate card with a limit for experiments.",
      "Every new account gets a unique password and two-factor authentication.",
      "Close what you no longer use: forgotten trials are how $100 becomes $400.",
    ],
    checklist: [
      { text: "Create a virtual card with a $100 limit for experiments.", timeEstimate: "10 min" },
      { text: "Store every new login in a password manager.", timeEstimate: "5 min" },
      { text: "Turn on two-factor authentication with an app, not SMS.", timeEstimate: "10 min" },
      { text: "Add a calendar reminder to cancel each trial a day before it renews.", timeEstimate: "5 min" },
      { text: "After the experiment, delete the accounts and API keys you no longer need.", timeEstimate: "15 min" },
    ],
    body: `## The card is your circuit breaker

A virtual or prepaid card with a hard limit means a misconfigured ad campaign or a forgotten subscription stops at $100. Most banks and several fintech apps issue them in minutes.

## One password per service

Experiments mean signing up for many tools quickly, which is exactly when people reuse passwords. A password manager makes unique passwords free. Turn on two-factor authentication with an authenticator app; SMS codes can be hijacked through your phone number.

## API keys are passwords too

Never paste an API key into a public repository, a screenshot or a post. Store keys in environment variables, give each experiment its own key, and revoke it when the experiment ends.

## Watch the trials

Free trials convert to paid plans quietly. When you start one, put the cancellation date in your calendar the same minute.

## Clean up

At the end of each experiment, list the accounts, keys and cards it created. Close what you will not use again. Your future self, and your $100, will thank you.`,
  },
];
