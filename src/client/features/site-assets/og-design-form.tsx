import type { ReactNode } from "react";
import {
  OG_TEMPLATES,
  OG_TEMPLATE_LOOKS,
  OG_TEXT_MAX,
  applyOgTemplate,
  type OgBackgroundType,
  type OgConfig,
  type OgLayout,
  type OgPattern,
} from "#common/site-assets/og.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#client/ui/card.tsx";
import { Checkbox } from "#client/ui/checkbox.tsx";
import { cn } from "#client/ui/cn.ts";
import { Field } from "#client/ui/field.tsx";
import { Input } from "#client/ui/input.tsx";
import { Label } from "#client/ui/label.tsx";
import { SelectField } from "#client/ui/select-field.tsx";
import { ColorField, SliderField } from "./og-controls";

const LAYOUTS: ReadonlyArray<{ value: OgLayout; label: string }> = [
  { value: "centered", label: "Centered" },
  { value: "left-aligned", label: "Left-aligned" },
  { value: "right-aligned", label: "Right-aligned" },
];
const BACKGROUND_TYPES: ReadonlyArray<{ value: OgBackgroundType; label: string }> = [
  { value: "solid", label: "Solid" },
  { value: "gradient", label: "Gradient" },
  { value: "pattern", label: "Pattern" },
];
const PATTERNS: ReadonlyArray<{ value: OgPattern; label: string }> = [
  { value: "none", label: "None" },
  { value: "dots", label: "Dots" },
  { value: "lines", label: "Lines" },
];

type Change = <K extends keyof OgConfig>(field: K, value: OgConfig[K]) => void;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="pb-3 sm:pb-4">
        <CardTitle as="h3" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  );
}

/** The six quick templates, each drawn in its own colours so the choice is visible before it is made. */
function TemplatePicker({ config, onChange }: { config: OgConfig; onChange: (config: OgConfig) => void }) {
  return (
    <div role="group" aria-label="Quick templates" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
      {OG_TEMPLATES.map((template) => {
        const { label, look } = OG_TEMPLATE_LOOKS[template];
        const background =
          look.backgroundType === "gradient"
            ? `linear-gradient(135deg, ${look.gradientColors[0]}, ${look.gradientColors[1]})`
            : look.backgroundColor;
        const active = config.template === template;
        return (
          <button
            key={template}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(applyOgTemplate(config, template))}
            className={cn(
              "focus-ring flex h-14 items-center justify-center rounded-control border-2 text-sm font-bold transition-transform hover:-translate-y-0.5",
              active ? "ring-2 ring-ink ring-offset-2" : "",
            )}
            style={{ background, color: look.textColor, borderColor: look.borderWidth > 0 ? look.borderColor : "var(--color-line)" }}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}

/** Every control of the OG tab: content, layout and sizes, background, border and shadow, templates. */
export function OgDesignForm({
  config,
  onConfig,
  error,
}: {
  config: OgConfig;
  onConfig: (config: OgConfig) => void;
  error: string | null;
}) {
  const change: Change = (field, value) => onConfig({ ...config, [field]: value });
  return (
    <div className="flex flex-col gap-4">
      <Section title="Quick templates">
        <TemplatePicker config={config} onChange={onConfig} />
      </Section>

      <Section title="Content">
        <Field label="Title" error={error?.startsWith("Title ") ? error : null}>
          <Input value={config.title} maxLength={OG_TEXT_MAX.title} onChange={(event) => change("title", event.target.value)} />
        </Field>
        <Field label="Subtitle" optional>
          <Input value={config.subtitle} maxLength={OG_TEXT_MAX.subtitle} onChange={(event) => change("subtitle", event.target.value)} />
        </Field>
        <Field label="Domain" optional hint="Shown under the text, and the host name of the card previews.">
          <Input
            value={config.domain}
            maxLength={OG_TEXT_MAX.domain}
            placeholder="example.com"
            onChange={(event) => change("domain", event.target.value)}
          />
        </Field>
      </Section>

      <Section title="Layout">
        <SelectField label="Layout" value={config.layout} options={LAYOUTS} onChange={(value) => change("layout", value)} />
        <SliderField label="Title size" field="titleSize" value={config.titleSize} onChange={(value) => change("titleSize", value)} />
        <SliderField
          label="Subtitle size"
          field="subtitleSize"
          value={config.subtitleSize}
          onChange={(value) => change("subtitleSize", value)}
        />
        <SliderField label="Padding" field="padding" value={config.padding} onChange={(value) => change("padding", value)} />
      </Section>

      <Section title="Background">
        <SelectField
          label="Background type"
          value={config.backgroundType}
          options={BACKGROUND_TYPES}
          onChange={(value) => change("backgroundType", value)}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {config.backgroundType === "gradient" ? (
            <>
              <ColorField
                label="Gradient start"
                value={config.gradientColors[0]}
                onChange={(value) => change("gradientColors", [value, config.gradientColors[1]])}
              />
              <ColorField
                label="Gradient end"
                value={config.gradientColors[1]}
                onChange={(value) => change("gradientColors", [config.gradientColors[0], value])}
              />
            </>
          ) : (
            <ColorField label="Background colour" value={config.backgroundColor} onChange={(value) => change("backgroundColor", value)} />
          )}
          <ColorField label="Text colour" value={config.textColor} onChange={(value) => change("textColor", value)} />
        </div>
        {config.backgroundType === "pattern" ? (
          <SelectField label="Pattern" value={config.pattern} options={PATTERNS} onChange={(value) => change("pattern", value)} />
        ) : null}
      </Section>

      <Section title="Border and shadow">
        <SliderField
          label="Border width"
          field="borderWidth"
          value={config.borderWidth}
          onChange={(value) => change("borderWidth", value)}
        />
        <SliderField
          label="Rounded corners"
          field="roundedCorners"
          value={config.roundedCorners}
          onChange={(value) => change("roundedCorners", value)}
        />
        <ColorField label="Border colour" value={config.borderColor} onChange={(value) => change("borderColor", value)} />
        <div className="flex items-center gap-2">
          <Checkbox
            id="og-shadow"
            checked={config.shadowEnabled}
            onCheckedChange={(checked) => change("shadowEnabled", checked === true)}
          />
          <Label htmlFor="og-shadow">Shadow</Label>
        </div>
      </Section>
    </div>
  );
}
