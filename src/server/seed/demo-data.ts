/*
 * The demo content of `npm run seed`. Every email is at example.com (reserved for examples, so no mail can
 * reach a real person) and marks the row as demo content.
 */

export const DEMO_MEMBERS = [
  { name: "Maya Chen", email: "maya.demo@example.com" },
  { name: "Tomás Rivera", email: "tomas.demo@example.com" },
  { name: "Aisha Okafor", email: "aisha.demo@example.com" },
] as const;

export const DEMO_BUILDERS = [
  {
    name: "Maya Chen",
    email: "maya.demo@example.com",
    title: "Indie hacker, ex-fintech",
    bio: "Runs $100 experiments on micro-SaaS ideas and writes up every dollar. Currently testing whether cold newsletters beat paid ads for B2B tools.",
    location: "Lisbon, Portugal",
    twitterHandle: "maya_builds",
    websiteUrl: "https://maya.example.com",
    currentProject: "Invoice nudges for freelancers",
    tags: ["Startup Founder", "Developer", "Content Creator"],
    status: "verified",
  },
  {
    name: "Tomás Rivera",
    email: "tomas.demo@example.com",
    title: "Designer who ships",
    bio: "Product designer turning side projects into small, honest businesses. Shares the numbers, good and bad.",
    location: "Mexico City, Mexico",
    twitterHandle: "tomas_ships",
    currentProject: "Icon packs for no-code tools",
    tags: ["Designer", "Content Creator"],
    status: "approved",
  },
  {
    name: "Aisha Okafor",
    email: "aisha.demo@example.com",
    title: "Angel investor in training",
    bio: "Practises angel investing with $100 cheques into tiny experiments before writing real ones.",
    location: "Lagos, Nigeria",
    linkedinUrl: "https://www.linkedin.com/in/aisha-demo",
    tags: ["Angel Investor", "Community Builder"],
    status: "approved",
  },
  {
    name: "Jonas Berg",
    email: "jonas.demo@example.com",
    title: "Growth marketer",
    bio: "Tests landing pages and ad copy with tiny budgets. Loves a good A/B test.",
    location: "Stockholm, Sweden",
    tags: ["Marketer", "Consultant"],
    status: "pending",
  },
  {
    name: "Priya Nair",
    email: "priya.demo@example.com",
    title: "Backend engineer",
    bio: "Building an API for receipts on weekends; wants feedback before spending more than $100.",
    location: "Bengaluru, India",
    tags: ["Engineer", "Developer"],
    status: "pending",
  },
] as const;

type DemoUpdate = { note: string; spend: number; result: number; attempts: number };
type DemoExperiment = {
  status: "planning" | "running" | "completed";
  form: {
    title: string;
    hypothesis: string;
    amount: number;
    targetAmount?: number;
    totalDays: number;
    targetMetric: string;
    nextContent?: string[];
  };
  updates: DemoUpdate[];
};

export const DEMO_EXPERIMENTS: Array<{ owner: string; experiments: DemoExperiment[] }> = [
  {
    owner: "maya.demo@example.com",
    experiments: [
      {
        status: "running",
        form: {
          title: "Cold newsletter swap vs. $100 of LinkedIn ads",
          hypothesis: "Two newsletter swaps bring more trial sign-ups than $100 of LinkedIn ads for a freelancer tool.",
          amount: 100,
          targetAmount: 20,
          totalDays: 14,
          targetMetric: "Trial sign-ups",
          nextContent: ["Thread: what $100 of LinkedIn ads bought me", "Chart of sign-ups by source"],
        },
        updates: [
          { note: "Ads live with two headlines; the newsletter swap is booked for Thursday.", spend: 30, result: 0, attempts: 2 },
          { note: "First swap went out: 9 sign-ups overnight. Ads at 3 so far.", spend: 25, result: 12, attempts: 3 },
        ],
      },
      {
        status: "completed",
        form: {
          title: "Pre-sell 10 invoice templates",
          hypothesis: "Ten people will pay $9 for a template pack before it exists.",
          amount: 40,
          targetAmount: 90,
          totalDays: 7,
          targetMetric: "Pre-orders",
        },
        updates: [
          { note: "Landing page and Stripe link up; shared in two communities.", spend: 15, result: 27, attempts: 1 },
          { note: "Closed at 8 pre-orders: short of 10, but enough to build it.", spend: 25, result: 72, attempts: 2 },
        ],
      },
    ],
  },
  {
    owner: "tomas.demo@example.com",
    experiments: [
      {
        status: "running",
        form: {
          title: "Icon pack on a marketplace vs. my own shop",
          hypothesis: "A marketplace listing sells more copies in a week than my own shop, even after its fee.",
          amount: 60,
          totalDays: 10,
          targetMetric: "Net revenue",
        },
        updates: [{ note: "Listed on both; $20 of promoted listing on the marketplace.", spend: 20, result: 14, attempts: 1 }],
      },
      {
        status: "planning",
        form: {
          title: "Weekly design teardown thread",
          hypothesis: "A weekly teardown thread grows followers faster than daily tips.",
          amount: 10,
          totalDays: 28,
          targetMetric: "New followers",
        },
        updates: [],
      },
    ],
  },
  {
    owner: "aisha.demo@example.com",
    experiments: [
      {
        status: "running",
        form: {
          title: "$100 split across five micro-tools",
          hypothesis: "Spreading $100 over five tiny tools teaches more about picking founders than one $100 bet.",
          amount: 100,
          totalDays: 30,
          targetMetric: "Lessons written up",
          nextContent: ["Post: the five founders and why I picked them"],
        },
        updates: [
          { note: "Picked five tools from the builders directory and sent $20 to each.", spend: 100, result: 0, attempts: 5 },
          { note: "Two founders shared their first revenue; one paused.", spend: 0, result: 8, attempts: 0 },
        ],
      },
    ],
  },
];

export const DEMO_BANGERS = [
  {
    type: "tweet",
    title: "What $100 of ads taught me (demo)",
    content:
      "I spent $100 on LinkedIn ads for a freelancer tool.\n\n3 sign-ups. A newsletter swap that cost nothing brought 9 overnight.\n\nDistribution beats budget.",
    tags: ["ads", "distribution"],
    status: "ready",
  },
  {
    type: "thread",
    title: "Pre-selling before building (demo)",
    content:
      "1/ I pre-sold a template pack that did not exist yet.\n\n2/ 8 people paid $9. Short of my goal of 10, still enough to build it.\n\n3/ What I would change: ask for the money on day one.",
    tags: ["presale"],
    status: "draft",
  },
  {
    type: "linkedin",
    title: "Angel investing with $20 cheques (demo)",
    content:
      "This month I split $100 across five micro-tools from the builders directory. The goal is not returns: it is practice at picking founders.",
    tags: ["investing", "community"],
    status: "draft",
  },
] as const;

export const DEMO_WAITLIST = [
  {
    email: "lena.demo@example.com",
    name: "Lena",
    interests: ["Angel Investing", "Community"],
    source: "homepage",
    country: "DE",
    city: "Berlin",
  },
  {
    email: "omar.demo@example.com",
    name: "Omar",
    interests: ["Tool Building"],
    source: "homepage",
    country: "EG",
    city: "Cairo",
    utmSource: "twitter",
    utmCampaign: "launch-week",
  },
  {
    email: "sofia.demo@example.com",
    name: "Sofia",
    interests: ["Content Creation", "Analytics"],
    source: "builders",
    country: "BR",
    city: "São Paulo",
  },
  {
    email: "kenji.demo@example.com",
    name: "Kenji",
    interests: ["Analytics"],
    source: "homepage",
    country: "JP",
    city: "Tokyo",
    utmSource: "newsletter",
    utmCampaign: "indie-weekly",
  },
  {
    email: "grace.demo@example.com",
    name: "Grace",
    interests: ["Community", "Tool Building"],
    source: "homepage",
    country: "GB",
    city: "London",
  },
  { email: "diego.demo@example.com", name: null, interests: [], source: "homepage", country: "AR", city: "Buenos Aires" },
];

export const DEMO_PAGES = ["/", "/", "/", "/builders", "/builders", "/lab", "/playbook", "/privacy"] as const;

export const DEMO_CAMPAIGNS = [
  { source: "twitter", campaign: "launch-week", referrerHost: "t.co" },
  { source: "newsletter", campaign: "indie-weekly", referrerHost: "indieweekly.example.com" },
  { source: "linkedin", campaign: "angel-practice", referrerHost: "www.linkedin.com" },
] as const;

export const DEMO_COUNTRIES = [
  { country: "US", region: "California", city: "San Francisco", timezone: "America/Los_Angeles" },
  { country: "US", region: "New York", city: "New York", timezone: "America/New_York" },
  { country: "GB", region: "England", city: "London", timezone: "Europe/London" },
  { country: "DE", region: "Berlin", city: "Berlin", timezone: "Europe/Berlin" },
  { country: "PT", region: "Lisbon", city: "Lisbon", timezone: "Europe/Lisbon" },
  { country: "IN", region: "Karnataka", city: "Bengaluru", timezone: "Asia/Kolkata" },
  { country: "BR", region: "São Paulo", city: "São Paulo", timezone: "America/Sao_Paulo" },
  { country: "NG", region: "Lagos", city: "Lagos", timezone: "Africa/Lagos" },
] as const;

export const DEMO_DEVICES = [
  { deviceType: "desktop", browser: "Chrome", os: "macOS" },
  { deviceType: "desktop", browser: "Firefox", os: "Windows" },
  { deviceType: "mobile", browser: "Mobile Safari", os: "iOS" },
  { deviceType: "mobile", browser: "Chrome", os: "Android" },
  { deviceType: "tablet", browser: "Mobile Safari", os: "iOS" },
] as const;
