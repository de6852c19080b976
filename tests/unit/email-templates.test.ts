import { describe, expect, it } from "vitest";
import {
  EMAIL_TEMPLATE_VARIABLES,
  TEST_EMAIL_INVALID,
  TEST_EMAIL_REQUIRED,
  TEST_EMAIL_RESERVED,
  testEmailProblem,
} from "#common/email-templates/templates.ts";
import { htmlToText } from "#server/features/email-templates/html-to-text.ts";
import { checkTemplate, renderTemplate, type TemplateSource } from "#server/features/email-templates/renderer.ts";

const welcome = (parts: Partial<TemplateSource>): TemplateSource => ({
  type: "waitlist_welcome",
  subject: "Hi",
  htmlContent: "<p>Hi</p>",
  textContent: "",
  variables: EMAIL_TEMPLATE_VARIABLES.waitlist_welcome,
  ...parts,
});

describe("htmlToText", () => {
  it("keeps link addresses, paragraphs and list items, and drops tags, styles, scripts, images and comments", () => {
    const html = `<html><head><style>p{color:red}</style><title>Mail</title></head><body><!-- hidden --><h1>Hello &amp; welcome</h1>
      <p>Read <a href="https://lab.dev/a?x=1&amp;y=2">the notes</a>.<br>Next line <img src="https://lab.dev/logo.png" alt="logo"></p><ul><li>One</li><li>Two</li></ul>
      <ol><li>First</li><li>Second</li></ol><script>alert(1)</script>
      <p><a href="https://lab.dev">https://lab.dev</a> &#8212; &#x2713;</p></body></html>`;
    expect(htmlToText(html)).toBe(
      "Hello & welcome\n\nRead the notes (https://lab.dev/a?x=1&y=2).\nNext line\n\n- One\n- Two\n\n 1. First\n 2. Second\n\nhttps://lab.dev — ✓",
    );
  });

  it("decodes named entities", () => {
    expect(htmlToText("<p>It&rsquo;s &euro;100 &mdash; &ldquo;quoted&rdquo; &hellip; &copy; &eacute;t&eacute;</p>")).toBe(
      "It’s €100 — “quoted” … © été",
    );
  });

  it("keeps table cells apart, in columns, with links whole", () => {
    const long = `https://lab.dev/${"segment/".repeat(12)}end`;
    const html = `<table><tr><th>Name</th><th>Amount</th></tr><tr><td>Ada</td><td>&euro;100</td></tr><tr><td>Grace Hopper</td><td><a href="${long}">receipt</a></td></tr></table>`;
    expect(htmlToText(html)).toBe(`Name           Amount\nAda            €100\nGrace Hopper   receipt (${long})`);
  });

  it("never wraps a long line, so an address stays on one line", () => {
    const long = `https://lab.dev/${"x".repeat(120)}`;
    const text = htmlToText(`<p>${"word ".repeat(40)}<a href="${long}">here</a></p>`);
    expect(text.split("\n")).toHaveLength(1);
    expect(text).toContain(`here (${long})`);
  });

  it("lays out a layout table (one cell around the content) as the content's paragraphs", () => {
    expect(htmlToText('<table width="100%"><tr><td><table><tr><td><p>First</p><p>Second</p></td></tr></table></td></tr></table>')).toBe(
      "First\n\nSecond",
    );
  });
});

describe("the renderer", () => {
  it("escapes values in the HTML part only, and loops over lists", async () => {
    const rendered = await renderTemplate(
      welcome({
        subject: "{{ name }} & co",
        htmlContent: "<p>{{ name }}</p>{% for i in interests %}<i>{{ i }}</i>{% endfor %}",
        textContent: "{{ name }}",
      }),
      { name: "<img src=x onerror=alert(1)>", interests: ["A&B"] },
    );
    expect(rendered.subject).toBe("<img src=x onerror=alert(1)> & co");
    expect(rendered.html).toBe("<p>&lt;img src=x onerror=alert(1)&gt;</p><i>A&amp;B</i>");
    expect(rendered.text).toBe("<img src=x onerror=alert(1)>");
    expect(rendered.warnings).toEqual([]);
  });

  it("escapes even through | raw: a visitor's name is public input", async () => {
    const rendered = await renderTemplate(welcome({ htmlContent: "<p>{{ name | raw }}</p>" }), { name: "<script>x</script>" });
    expect(rendered.html).toBe("<p>&lt;script&gt;x&lt;/script&gt;</p>");
  });

  it("reports unknown variables when saving and refuses broken syntax", async () => {
    expect(await checkTemplate(welcome({ htmlContent: "{{ name }} {{ password }}" }))).toEqual([
      'Unknown variable "password": a waitlist_welcome template can use name, position, waitlistCount, interests, referralUrl, referrals, manageUrl. It will render empty.',
    ]);
    await expect(checkTemplate(welcome({ textContent: "{% for x in interests %}" }))).rejects.toThrow(
      /^Text content: tag {% for x in interests %} not closed/,
    );
  });

  it("does not reach prototypes or constructors through a variable", async () => {
    const rendered = await renderTemplate(
      welcome({ htmlContent: "[{{ name.constructor }}][{{ name.__proto__ }}][{{ interests.constructor.name }}]" }),
      {
        name: "Ada",
        interests: [],
      },
    );
    expect(rendered.html).toBe("[][][]");
  });

  it("stops a template that would render for ever", async () => {
    const loop = welcome({ htmlContent: "{% for a in (1..100000) %}{% for b in (1..100000) %}x{% endfor %}{% endfor %}" });
    await expect(renderTemplate(loop, {})).rejects.toThrow(/^The template could not be rendered: /);
  });
});

describe("testEmailProblem", () => {
  it("checks presence, shape and reserved domains, in the documented order", () => {
    expect(testEmailProblem("")).toBe(TEST_EMAIL_REQUIRED);
    expect(testEmailProblem("a@b")).toBe(TEST_EMAIL_INVALID);
    for (const address of [
      "a@example.com",
      "a@EXAMPLE.net",
      "a@x.example.org",
      "a@host.example",
      "a@site.test",
      "a@x.invalid",
      "a@localhost.localhost",
    ]) {
      expect(testEmailProblem(address), address).toBe(TEST_EMAIL_RESERVED);
    }
    for (const address of ["a@lab.dev", "a@myexample.com", "a@example.co", "a@testing.io"])
      expect(testEmailProblem(address), address).toBeNull();
  });
});
