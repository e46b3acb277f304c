import { useState } from "react";
import { Form, useNavigation } from "react-router";
import type { EditableSection } from "../../domain/cms/validation";
import { TOP_BANNER_PRESETS } from "../../lib/constants";
import { safeImageUrl } from "../../lib/safe-values";
import { ActionButton, FieldError, inputClass } from "../admin/admin-ui";
import { CMS_EDITORS, type CmsField, valueAt } from "./cms-editors";

type Errors = Partial<Record<string, string>>;

const idOf = (name: string) => `cms-${name.replace(/\./g, "-")}`;

function describedBy(name: string, errors: Errors, hint?: string) {
  const ids = [hint ? `${idOf(name)}-hint` : null, errors[name] ? `${idOf(name)}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function Hint({ name, text }: { name: string; text?: string }) {
  return text ? (
    <p id={`${idOf(name)}-hint`} className="mt-1 text-xs text-gray-600">
      {text}
    </p>
  ) : null;
}

function TextInput({ field, name, value, errors }: { field: Extract<CmsField, { kind: "text" | "textarea" | "link" | "colour" | "phone" }>; name: string; value: unknown; errors: Errors }) {
  const common = {
    id: idOf(name),
    name,
    defaultValue: typeof value === "string" ? value : "",
    maxLength: field.max,
    required: field.required,
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": describedBy(name, errors, field.hint),
    className: inputClass,
  };
  return (
    <div>
      <label htmlFor={common.id} className="block text-sm font-semibold text-gray-900">
        {field.label}
      </label>
      {field.kind === "textarea" ? (
        <textarea {...common} rows={3} />
      ) : field.kind === "colour" ? (
        <ColourInput common={common} />
      ) : (
        <input {...common} type={field.kind === "link" ? "text" : field.kind === "phone" ? "tel" : "text"} inputMode={field.kind === "phone" ? "tel" : undefined} />
      )}
      <Hint name={name} text={field.hint} />
      <FieldError id={`${idOf(name)}-error`} message={errors[name]} />
    </div>
  );
}

/** A hex colour typed as text, with a swatch picker beside it that keeps the two in step. */
function ColourInput({ common }: { common: { id: string; name: string; defaultValue: string; className: string } }) {
  const [value, setValue] = useState(common.defaultValue);
  const sixDigits = /^#[0-9a-f]{6}$/i.test(value) ? value : "#000000";
  return (
    <div className="flex items-center gap-2">
      <input {...common} defaultValue={undefined} value={value} onChange={(e) => setValue(e.target.value)} pattern="#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})" />
      <input type="color" aria-label={`Pick ${common.name.replace(/_/g, " ")}`} value={sixDigits} onChange={(e) => setValue(e.target.value)} className="mt-1 h-11 w-12 shrink-0 rounded border border-gray-300" />
    </div>
  );
}

function ImageInput({ field, name, value, errors }: { field: Extract<CmsField, { kind: "image" }>; name: string; value: unknown; errors: Errors }) {
  const current = typeof value === "string" ? value : "";
  const preview = current ? safeImageUrl(current) : null;
  const fileName = `${name}__file`;
  return (
    <div>
      <span className="block text-sm font-semibold text-gray-900">{field.label}</span>
      <input type="hidden" name={name} value={current} />
      <div className="mt-1 flex flex-wrap items-center gap-3">
        {preview ? <img src={preview} alt="" width={64} height={64} className="h-16 w-16 rounded-lg border border-gray-200 bg-gray-50 object-contain" /> : null}
        <label htmlFor={idOf(fileName)} className="sr-only">
          {field.label} file
        </label>
        <input
          id={idOf(fileName)}
          name={fileName}
          type="file"
          accept={field.accept}
          aria-describedby={describedBy(name, errors, field.hint)}
          className="block w-full text-sm text-gray-800 file:mr-3 file:rounded-lg file:border-0 file:bg-gray-100 file:px-3 file:py-2 file:font-semibold sm:w-auto"
        />
        {current ? (
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input type="checkbox" name={`${name}__clear`} className="h-4 w-4" /> Remove image
          </label>
        ) : null}
      </div>
      <Hint name={name} text={field.hint} />
      <FieldError id={`${idOf(name)}-error`} message={errors[name]} />
    </div>
  );
}

function Presets({ name, label }: { name: string; label: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-gray-900">{label}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {[...TOP_BANNER_PRESETS, { name: "Custom", background_color: "#ffffff", text_color: "#111827" }].map((preset) => (
          <label key={preset.name} className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-inset ring-gray-300 has-[:checked]:ring-2 has-[:checked]:ring-brand-strong">
            <input type="radio" name={name} value={preset.name} defaultChecked={preset.name === "Custom"} className="h-4 w-4" />
            <span aria-hidden="true" className="h-4 w-4 rounded-full ring-1 ring-gray-300" style={{ background: preset.background_color }} />
            {preset.name}
          </label>
        ))}
      </div>
      <p className="mt-1 text-xs text-gray-600">A preset sets both colours; choose Custom to use the colours below.</p>
    </fieldset>
  );
}

function FieldInput({ field, prefix, content, errors }: { field: CmsField; prefix: string; content: unknown; errors: Errors }) {
  const name = prefix + field.name;
  switch (field.kind) {
    case "checkbox":
      return (
        <label className="flex items-center gap-2 text-sm font-semibold text-gray-900">
          <input type="checkbox" name={name} defaultChecked={valueAt(content, field.name) === true} className="h-5 w-5 rounded border-gray-300" />
          {field.label}
        </label>
      );
    case "seconds": {
      const ms = Number(valueAt(content, field.source) ?? 5000);
      return (
        <div>
          <label htmlFor={idOf(name)} className="block text-sm font-semibold text-gray-900">
            {field.label}
          </label>
          <input id={idOf(name)} name={name} type="number" min={1} max={30} step={1} required defaultValue={Math.round(ms / 1000)} className={inputClass}
            aria-invalid={errors[name] ? true : undefined} aria-describedby={describedBy(name, errors, field.hint)} />
          <Hint name={name} text={field.hint} />
          <FieldError id={`${idOf(name)}-error`} message={errors[name]} />
        </div>
      );
    }
    case "image":
      return <ImageInput field={field} name={name} value={valueAt(content, field.name)} errors={errors} />;
    case "select":
      return (
        <div>
          <label htmlFor={idOf(name)} className="block text-sm font-semibold text-gray-900">
            {field.label}
          </label>
          <select id={idOf(name)} name={name} defaultValue={String(valueAt(content, field.name) ?? "")} className={inputClass}>
            {field.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      );
    case "presets":
      return <Presets name={name} label={field.label} />;
    case "list":
      return <ListInput field={field} prefix={prefix} content={content} errors={errors} />;
    default:
      return <TextInput field={field} name={name} value={valueAt(content, field.name)} errors={errors} />;
  }
}

/**
 * The items of a list (slides, categories…) plus one empty item to add a new one; an item is
 * removed by ticking its box. All of it works without scripts.
 */
function ListInput({ field, prefix, content, errors }: { field: Extract<CmsField, { kind: "list" }>; prefix: string; content: unknown; errors: Errors }) {
  const items = (valueAt(content, field.name) as unknown[] | undefined) ?? [];
  const canAdd = items.length < field.max;
  const listName = prefix + field.name;
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-bold text-gray-900">{field.label}</legend>
      <FieldError id={`${idOf(listName)}-error`} message={errors[listName]} />
      {items.map((item, i) => (
        <fieldset key={i} className="space-y-3 rounded-xl border border-gray-200 p-4">
          <legend className="px-1 text-sm font-bold text-gray-900">
            {field.itemLabel} {i + 1}
          </legend>
          {"id" in field.blank ? <input type="hidden" name={`${listName}.${i}.id`} value={String((item as { id?: string }).id ?? "")} /> : null}
          {field.fields.map((child) => (
            <FieldInput key={child.name} field={child} prefix={`${listName}.${i}.`} content={item} errors={errors} />
          ))}
          <label className="flex items-center gap-2 text-sm font-semibold text-red-800">
            <input type="checkbox" name={`${listName}.${i}.__remove`} className="h-4 w-4" /> Remove {field.itemLabel.toLowerCase()} {i + 1}
          </label>
        </fieldset>
      ))}
      {canAdd ? (
        <details className="rounded-xl border border-dashed border-gray-300 p-4">
          <summary className="text-sm font-semibold text-brand-strong">Add a {field.itemLabel.toLowerCase()}</summary>
          <div className="mt-3 space-y-3">
            <input type="hidden" name={`${listName}.${items.length}.__new`} value="on" />
            {field.fields.map((child) => (
              <FieldInput key={child.name} field={child} prefix={`${listName}.${items.length}.`} content={field.blank} errors={errors} />
            ))}
          </div>
        </details>
      ) : (
        <p className="text-sm text-gray-700">
          {field.max} {field.label.toLowerCase()} at most.
        </p>
      )}
    </fieldset>
  );
}

export function CmsSectionForm({ section, title, content, errors }: { section: EditableSection; title: string; content: unknown; errors: Errors }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("section") === section;
  return (
    <Form method="post" encType="multipart/form-data" action={`?tab=${section}`} preventScrollReset className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 sm:p-6" aria-label={title} noValidate>
      <input type="hidden" name="section" value={section} />
      <h2 className="text-lg font-bold text-gray-900">{title}</h2>
      {CMS_EDITORS[section].map((field) => (
        <FieldInput key={field.name} field={field} prefix="" content={content} errors={errors} />
      ))}
      <div className="pt-2">
        <ActionButton busy={busy} variant="primary">
          Save {title}
        </ActionButton>
      </div>
    </Form>
  );
}
