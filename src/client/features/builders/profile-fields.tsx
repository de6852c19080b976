import type { ReactNode } from "react";
import { BUILDER_FIELD_MAX, BUILDER_TAGS, type BuilderTag, type PublicBuilder } from "#common/builders/builders.ts";
import { useHydrated } from "#client/lib/use-hydrated.ts";
import { AvatarPicker } from "./avatar-picker";
import { ChoiceChips } from "#client/ui/choice-chips.tsx";
import { Field } from "#client/ui/field.tsx";
import { EmailInput, Input } from "#client/ui/input.tsx";
import { Textarea } from "#client/ui/textarea.tsx";

/** What the join and edit forms hold: plain strings (empty = not given) and the chosen tags. */
export type ProfileValues = {
  name: string;
  title: string;
  bio: string;
  location: string;
  twitterHandle: string;
  websiteUrl: string;
  linkedinUrl: string;
  currentProject: string;
  tags: BuilderTag[];
  /** The avatar's URL: an upload's answer, or the profile's current one ("" = none). */
  avatarUrl: string;
};
export type ProfileField = keyof ProfileValues;
export type FieldErrors = Partial<Record<string, string>>;

/** The join form's error texts: the server's message when it sent one, else these. */
export const FORM_ERROR_TEXTS = { fallback: "Something went wrong", network: "Network error. Please try again." } as const;

export const EMPTY_PROFILE: ProfileValues = {
  name: "",
  title: "",
  bio: "",
  location: "",
  twitterHandle: "",
  websiteUrl: "",
  linkedinUrl: "",
  currentProject: "",
  tags: [],
  avatarUrl: "",
};

/** The order fields are checked in, so the first invalid one gets the focus. */
export const PROFILE_FIELD_ORDER = [
  "name",
  "email",
  "title",
  "location",
  "bio",
  "currentProject",
  "websiteUrl",
  "linkedinUrl",
  "twitterHandle",
  "tags",
] as const;

const isBuilderTag = (tag: string): tag is BuilderTag => (BUILDER_TAGS as readonly string[]).includes(tag);

/** Pre-fills the edit form from the card's public data. */
export function profileValuesOf(builder: PublicBuilder): ProfileValues {
  return {
    name: builder.name,
    title: builder.title ?? "",
    bio: builder.bio ?? "",
    location: builder.location ?? "",
    twitterHandle: builder.twitterHandle ?? "",
    websiteUrl: builder.websiteUrl ?? "",
    linkedinUrl: builder.linkedinUrl ?? "",
    currentProject: builder.currentProject ?? "",
    tags: builder.tags.filter(isBuilderTag),
    avatarUrl: builder.avatarUrl ?? "",
  };
}

/** Moves focus to the first field with an error (by its name attribute, or the tag group). */
export function focusFirstError(form: HTMLFormElement, errors: FieldErrors) {
  const first = PROFILE_FIELD_ORDER.find((name) => errors[name]);
  if (!first) return;
  const target =
    first === "tags"
      ? form.querySelector<HTMLElement>('[data-field="tags"] input')
      : (form.elements.namedItem(first) as HTMLElement | null);
  target?.focus();
}

/** The profile's email (join form, an admin's add): required, and never shown in the directory. */
export function ProfileEmailField({
  idPrefix,
  value,
  error,
  onChange,
}: {
  idPrefix: string;
  value: string;
  error: string | undefined;
  onChange: (email: string) => void;
}) {
  return (
    <Field label="Email" error={error} id={`${idPrefix}-email`} hint="Never shown publicly.">
      <EmailInput required value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

export type ProfileFieldsProps = {
  values: ProfileValues;
  errors: FieldErrors;
  onChange: (name: ProfileField, value: ProfileValues[ProfileField]) => void;
  /** Told while the photo uploads, so that the form is not sent without it. */
  onUploadingChange: (uploading: boolean) => void;
  /** Rendered right after the name (the join form's email field). */
  afterName?: ReactNode;
  /** Prefix for element ids, so two forms on one page do not clash. */
  idPrefix: string;
};

/** The profile fields shared by the join form and the owner's edit dialog. */
export function ProfileFields({ values, errors, onChange, onUploadingChange, afterName, idPrefix }: ProfileFieldsProps) {
  const hydrated = useHydrated();
  const text = (name: Exclude<ProfileField, "tags" | "avatarUrl">) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  });
  const toggleTag = (tag: BuilderTag) =>
    onChange("tags", values.tags.includes(tag) ? values.tags.filter((t) => t !== tag) : [...values.tags, tag]);

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {/* A photo is uploaded by script, before the profile is sent: without scripts the profile goes without one. */}
      {hydrated ? (
        <AvatarPicker
          idPrefix={idPrefix}
          name={values.name}
          value={values.avatarUrl}
          error={errors.avatarUrl}
          onChange={(avatarUrl) => onChange("avatarUrl", avatarUrl)}
          onUploadingChange={onUploadingChange}
          className="sm:col-span-2"
        />
      ) : null}
      <Field label="Name" error={errors.name} id={`${idPrefix}-name`}>
        <Input {...text("name")} autoComplete="name" required maxLength={BUILDER_FIELD_MAX.name} />
      </Field>
      {afterName}
      <Field label="Title" optional error={errors.title} id={`${idPrefix}-title`} hint="For example: Indie hacker, Designer at Acme">
        <Input {...text("title")} autoComplete="organization-title" maxLength={BUILDER_FIELD_MAX.title} />
      </Field>
      <Field label="Location" optional error={errors.location} id={`${idPrefix}-location`}>
        <Input {...text("location")} autoComplete="address-level2" maxLength={BUILDER_FIELD_MAX.location} />
      </Field>
      <Field
        label="Bio"
        optional
        error={errors.bio}
        id={`${idPrefix}-bio`}
        className="sm:col-span-2"
        hint={`${values.bio.length}/${BUILDER_FIELD_MAX.bio} characters`}
      >
        <Textarea {...text("bio")} rows={4} maxLength={BUILDER_FIELD_MAX.bio} />
      </Field>
      <Field label="Current project" optional error={errors.currentProject} id={`${idPrefix}-currentProject`} className="sm:col-span-2">
        <Input {...text("currentProject")} maxLength={BUILDER_FIELD_MAX.currentProject} />
      </Field>
      <Field label="Website" optional error={errors.websiteUrl} id={`${idPrefix}-websiteUrl`}>
        <Input
          {...text("websiteUrl")}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://"
          maxLength={BUILDER_FIELD_MAX.url}
        />
      </Field>
      <Field label="LinkedIn" optional error={errors.linkedinUrl} id={`${idPrefix}-linkedinUrl`}>
        <Input
          {...text("linkedinUrl")}
          type="url"
          inputMode="url"
          placeholder="https://www.linkedin.com/in/…"
          maxLength={BUILDER_FIELD_MAX.url}
        />
      </Field>
      <Field
        label="Twitter / X handle"
        optional
        error={errors.twitterHandle}
        id={`${idPrefix}-twitterHandle`}
        hint="With or without the @."
      >
        <Input {...text("twitterHandle")} autoCapitalize="none" autoCorrect="off" spellCheck={false} placeholder="@handle" maxLength={16} />
      </Field>

      <ChoiceChips
        name="tags"
        label="Tags"
        hint="(optional, choose any that fit)"
        options={BUILDER_TAGS}
        selected={values.tags}
        onToggle={toggleTag}
        error={errors.tags}
        className="sm:col-span-2"
      />
    </div>
  );
}
