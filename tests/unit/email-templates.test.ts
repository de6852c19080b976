import { describe, expect, it } from "vitest";
import { EMAIL_TEMPLATE_VARIABLES, TEST_EMAIL_INVALID, TEST_EMAIL_REQUIRED, TEST_EMAIL_RESERVED, testEmailProblem } from "../../src/common/email-templates";
import { htmlToText } from "../../src/server/features/email-templates/html-to-text";
import { checkTemplate, renderTemplate, type TemplateSource } from "../../src/server/features/email-templates/renderer";

const welcome = (parts: Partial<TemplateSource>): TemplateSource => ({
  type: "waitlist_welcome",
  subject: "Hi",
  htmlContent: "<p>Hi</p>",
  textContent: "",
  variables: EMAIL_TEMPLATE_VARIABLES.waitlist_welcome,
  ...parts,
});

describe("htmlToText", () => {
  it("keeps link addresses, paragraphs and list items, and drops tags, styles and comments", () => {
    const html = `<html><head><style>p{color:red}</style></head><body><!-- hidden --><h1>Hello &amp; welcome</h1>
      <p>Read <a href="https://lab.dev/a?x=1&amp;y=2">the notes</a>.<br>Next line</p><ul><li>One</li><li>Two</li></ul>
      <p><a href="https://lab.dev">https://lab.dev</a> &#8212; &#x2713; &nbsp;&unknown;</p></body></html>`;
    expect(htmlToText(html)).toBe(
      "Hello & welcome\n\nRead the notes (https://lab.dev/a?x=1&y=2).\nNext line\n\n- One\n- Two\n\nhttps://lab.dev — ✓ &unknown;",
    );
  });
});

describe("the renderer", () => {
  it("escapes values in the HTML part only, and loops over lists", async () => {
    const rendered = await renderTemplate(
      welcome({ subject: "{{ name }} & co", htmlContent: "<p>{{ name }}</p>{% for i in interests %}<i>{{ i }}</i>{% endfor %}", textContent: "{{ name }}" }),
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
      'Unknown variable "password": a waitlist_welcome template can use name, position, waitlistCount, interests. It will render empty.',
    ]);
    await expect(checkTemplate(welcome({ textContent: "{% for x in interests %}" }))).rejects.toThrow(/^Text content: tag {% for x in interests %} not closed/);
  });

  it("does not reach prototypes or constructors through a variable", async () => {
    const rendered = await renderTemplate(welcome({ htmlContent: "[{{ name.constructor }}][{{ name.__proto__ }}][{{ interests.constructor.name }}]" }), {
      name: "Ada",
      interests: [],
    });
    expect(rendered.html).toBe("[][][]");
  });

  it("stops a template that would render for ever", async () => {
    const loop = welcome({ htmlContent: "{% for a in (1..100000) %}{% for b in (1..100000) %}x{% endfor %}{% endfor %}" });
    await expect(renderTemplate(loop, {})).rejects.toThrow(/^The template could not be rendered: /);
  });
});

describe("testEmailProblem", () => {
  it("checks presence, shape and reserved domains, in the spec's order", () => {
    expect(testEmailProblem("")).toBe(TEST_EMAIL_REQUIRED);
    expect(testEmailProblem("a@b")).toBe(TEST_EMAIL_INVALID);
    for (const address of ["a@example.com", "a@EXAMPLE.net", "a@x.example.org", "a@host.example", "a@site.test", "a@x.invalid", "a@localhost.localhost"]) {
      expect(testEmailProblem(address), address).toBe(TEST_EMAIL_RESERVED);
    }
    for (const address of ["a@lab.dev", "a@myexample.com", "a@example.co", "a@testing.io"]) expect(testEmailProblem(address), address).toBeNull();
  });
});
