import type { Liquid, Template } from "liquidjs";
import { EMAIL_TEMPLATE_VARIABLES, URL_VARIABLES, type EmailTemplateType, type TemplateData } from "#common/email-templates/templates.ts";
import { invalid } from "#server/infra/errors.ts";

/*
 * Templates are data that admins edit, so the engine must run no code: Liquid has no way to call functions,
 * `templates: {}` gives it an empty in-memory file system (no include or render reaches the disk), and the
 * limits stop a template that would loop or grow for ever. Missing data renders as empty (strictVariables off).
 */
const SAFE_OPTIONS = {
  templates: {},
  strictVariables: false,
  strictFilters: true,
  ownPropertyOnly: true,
  parseLimit: 300_000,
  renderLimit: 1_000,
  memoryLimit: 20_000_000,
} as const;
type Engines = {
  /** The HTML part: every {{ value }} is HTML-escaped. */
  html: Liquid;
  /** Subject and text part: plain text, nothing to escape. */
  text: Liquid;
  isLiquidError: (error: unknown) => boolean;
};

let engines: Promise<Engines> | undefined;
/** liquidjs (about 14 MB resident) loads with the first template, not at server start. */
const loadEngines = (): Promise<Engines> =>
  (engines ??= import("liquidjs").then(({ Liquid, LiquidError }) => {
    const html = new Liquid({ ...SAFE_OPTIONS, outputEscape: "escape" });
    // `| raw` would skip the escaping, and a value such as a visitor's name comes from the public: here it
    // passes the value on and the escaping still applies.
    html.registerFilter("raw", (value: unknown) => value);
    return { html, text: new Liquid(SAFE_OPTIONS), isLiquidError: (error) => error instanceof LiquidError };
  }));

export type TemplateSource = {
  type: EmailTemplateType;
  subject: string;
  htmlContent: string;
  textContent: string;
  variables: readonly string[];
};
export type RenderedMail = { subject: string; html: string; text: string; warnings: string[] };

type ParsedParts = { subject: Template[]; html: Template[]; text: Template[] | null };

const PART_LABELS = { subject: "Subject", html: "HTML content", text: "Text content" } as const;

function parsePart(engines: Engines, engine: Liquid, label: string, source: string): Template[] {
  try {
    return engine.parse(source);
  } catch (error) {
    if (engines.isLiquidError(error)) throw invalid(`${label}: ${(error as Error).message}`);
    throw error;
  }
}

function parseParts(engines: Engines, source: Pick<TemplateSource, "subject" | "htmlContent" | "textContent">): ParsedParts {
  return {
    subject: parsePart(engines, engines.text, PART_LABELS.subject, source.subject),
    html: parsePart(engines, engines.html, PART_LABELS.html, source.htmlContent),
    text: source.textContent === "" ? null : parsePart(engines, engines.text, PART_LABELS.text, source.textContent),
  };
}

function usedVariables(engines: Engines, parts: ParsedParts): Set<string> {
  const names = new Set<string>();
  for (const part of [parts.subject, parts.html, parts.text]) {
    if (part) for (const name of engines.text.globalVariablesSync(part, { partials: false })) names.add(name);
  }
  return names;
}

const unknownVariableWarnings = (used: Set<string>, type: EmailTemplateType, allowed: readonly string[]): string[] =>
  [...used]
    .filter((name) => !allowed.includes(name))
    .map((name) => `Unknown variable "${name}": a ${type} template can use ${allowed.join(", ")}. It will render empty.`);

/**
 * Checks a template before it is saved: the syntax of each part (a 400 that names the part) and the variables
 * it uses. Unknown variables are warnings for the editor, not errors: they render empty.
 */
export async function checkTemplate(source: TemplateSource): Promise<string[]> {
  const engines = await loadEngines();
  return unknownVariableWarnings(usedVariables(engines, parseParts(engines, source)), source.type, source.variables);
}

/** The variables a type allows, restricted to the template's own list. */
export const allowedVariables = (type: EmailTemplateType, variables: readonly string[]): string[] =>
  EMAIL_TEMPLATE_VARIABLES[type].filter((name) => variables.includes(name));

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
};

/**
 * Renders subject, HTML and text with `data`. Only the template's variables reach the engine; a URL-valued
 * one must be an http(s) URL (a `javascript:` link is refused with a 400). Missing data renders empty and is
 * reported, as are unknown variables. The text part is generated from the HTML when the template has none.
 */
export async function renderTemplate(source: TemplateSource, data: TemplateData): Promise<RenderedMail> {
  return (await compileTemplate(source))(data);
}

/** Parses the template once for many renders (a newsletter renders it per recipient). */
export async function compileTemplate(source: TemplateSource): Promise<(data: TemplateData) => Promise<RenderedMail>> {
  const engines = await loadEngines();
  const parts = parseParts(engines, source);
  const used = usedVariables(engines, parts);
  const allowed = source.variables;
  return (data) => renderParts(engines, parts, used, source.type, allowed, data);
}

async function renderParts(
  engines: Engines,
  parts: ParsedParts,
  used: Set<string>,
  type: EmailTemplateType,
  allowed: readonly string[],
  data: TemplateData,
): Promise<RenderedMail> {
  const scope: TemplateData = {};
  const warnings: string[] = [];
  for (const [name, value] of Object.entries(data)) {
    if (!allowed.includes(name)) {
      warnings.push(`Ignored data "${name}": not a variable of this template.`);
      continue;
    }
    if (URL_VARIABLES.has(name) && (typeof value !== "string" || !isHttpUrl(value))) throw invalid(`${name} must be an http or https URL`);
    scope[name] = value;
  }
  warnings.push(...unknownVariableWarnings(used, type, allowed));
  for (const name of used) if (allowed.includes(name) && !(name in scope)) warnings.push(`Missing data for "${name}": it renders empty.`);

  try {
    const subject = (await engines.text.render(parts.subject, scope)).replace(/\s+/g, " ").trim();
    const html = await engines.html.render(parts.html, scope);
    // html-to-text (about 10 MB resident) loads with the first text part made from HTML, like liquidjs.
    const text = parts.text ? await engines.text.render(parts.text, scope) : (await import("./html-to-text")).htmlToText(html);
    return { subject, html, text, warnings };
  } catch (error) {
    if (engines.isLiquidError(error)) throw invalid(`The template could not be rendered: ${(error as Error).message}`);
    throw error;
  }
}
