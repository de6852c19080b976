import type { KeyedProvider } from "#common/email-test/email-test.ts";
import { Field } from "#client/ui/field.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#client/ui/select.tsx";
import { KEYED_PROVIDER_NAMES } from "./providers";

type KeyedProviderSelectProps = {
  value: KeyedProvider | null;
  onChange: (provider: KeyedProvider) => void;
  hint?: string;
  className?: string;
};

/** The providers whose keys can be typed on the page (Resend, SendGrid, Mailgun), as one labelled select. */
export function KeyedProviderSelect({ value, onChange, hint, className }: KeyedProviderSelectProps) {
  return (
    <Select value={value ?? ""} onValueChange={(next) => onChange(next as KeyedProvider)}>
      <Field label="Provider" hint={hint} className={className}>
        <SelectTrigger>
          <SelectValue placeholder="Choose a provider" />
        </SelectTrigger>
      </Field>
      <SelectContent>
        {(Object.keys(KEYED_PROVIDER_NAMES) as KeyedProvider[]).map((id) => (
          <SelectItem key={id} value={id}>
            {KEYED_PROVIDER_NAMES[id]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
