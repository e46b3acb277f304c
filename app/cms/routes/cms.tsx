import { Link } from "react-router";
import { Refusal, type RefusalCode } from "../../../domain/core/refusal";
import { z } from "../../../lib/zod";
import { type PlannedImage, planCmsImage, planLogo } from "../../../domain/cms/images";
import { getSiteContent, saveSection } from "../../../domain/cms/service";
import {
  CMS_EDITABLE, CMS_TEXTS, EDITABLE_SECTIONS, type EditableSection, failedText, isEditableSection, nestFormValues, savedText,
} from "../../../domain/cms/validation";
import { fileStorageFor } from "../../../domain/media/storage-config";
import type { FileStorage } from "../../../domain/media/storage";
import { withinUploadAllowance } from "../../../domain/media/upload-allowance";
import { DashboardTabs } from "../../ui/tabs";
import { CmsSectionForm } from "../cms-section-form";
import { useAction } from "../../ui/answer";
import { ok, refused } from "../../server/answer.server";
import { ADMIN_GUARD, guardPage } from "../../server/access.server";
import { forbiddenFrom, requireBackOffice } from "../../server/admin-forms.server";
import type { Route } from "./+types/cms";
import { FORM_TEXTS, readForm } from "../../server/forms.server";
import { PageTitle } from "../../ui/page-title";

const CMS_TABS = EDITABLE_SECTIONS.map((section) => ({ id: section, label: CMS_EDITABLE[section].tab }));

const tabSchema = z.enum(EDITABLE_SECTIONS as [EditableSection, ...EditableSection[]]).catch("hero_banner");

/** CMS dashboard (docs/cms.md): admins and super admins only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await guardPage(context, ADMIN_GUARD);
  const tab = tabSchema.parse(new URL(request.url).searchParams.get("tab") ?? undefined);
  const content = await getSiteContent(context.db, [tab]);
  return { tab, content: content[tab] as unknown };
}

/** Each answer names the section it saved, so only that section's form shows the field errors. */
type CmsExtra = { section: EditableSection | null };

function failure(section: EditableSection | null, title: string, description: string, errors: Partial<Record<string, string>> = {}, code: RefusalCode = "invalid") {
  return refused<CmsExtra>(new Refusal(code, description, { fieldErrors: errors }), title, { section });
}

/**
 * Uploaded files first (each checked by its bytes and given its address, nothing stored yet),
 * then the text fields, nested by their dotted names. A refused file stops the save.
 */
async function readSectionForm(form: FormData, section: EditableSection, storage: FileStorage) {
  const values = new Map<string, string>();
  const uploads: Array<[string, File]> = [];
  for (const [name, value] of form) {
    if (name === "section") continue;
    if (typeof value === "string") {
      if (name.endsWith("__clear")) continue;
      values.set(name, value);
    } else if (name.endsWith("__file") && value.size > 0) {
      uploads.push([name.slice(0, -"__file".length), value]);
    }
  }
  for (const [name, value] of form) {
    if (typeof value === "string" && name.endsWith("__clear") && value === "on") values.set(name.slice(0, -"__clear".length), "");
  }
  const images: PlannedImage[] = [];
  for (const [name, file] of uploads) {
    const bytes = Buffer.from(await file.arrayBuffer());
    const image = section === "branding" && name === "logo_url" ? await planLogo(storage, bytes) : await planCmsImage(storage, section, bytes);
    images.push(image);
    values.set(name, image.url);
  }
  return { values: nestFormValues(values), images };
}

/** The images of a valid form, stored once it is known to be valid, within the admin's upload allowance. */
async function storeImages(context: Route.ActionArgs["context"], userId: string, images: readonly PlannedImage[]): Promise<void> {
  if (images.length === 0) return;
  await withinUploadAllowance(context.db, userId, images.length, async () => {
    for (const image of images) await image.store();
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireBackOffice(context);
  const form = await readForm(request);
  const section = form.get("section");
  if (!isEditableSection(section)) return failure(null, CMS_TEXTS.updateFailed, FORM_TEXTS.unknownIntent);
  let read: Awaited<ReturnType<typeof readSectionForm>>;
  try {
    read = await readSectionForm(form, section, fileStorageFor(context.config));
  } catch (error) {
    if (error instanceof Refusal) return failure(section, CMS_TEXTS.uploadFailed, error.message);
    throw error;
  }
  const parsed = CMS_EDITABLE[section].schema.safeParse(read.values);
  if (!parsed.success) {
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "form"] ??= issue.message;
    return failure(section, failedText(section), Object.values(errors)[0] ?? failedText(section), errors);
  }
  try {
    await storeImages(context, viewer.userId, read.images);
  } catch (error) {
    if (error instanceof Refusal) return failure(section, CMS_TEXTS.uploadFailed, error.message, {}, error.code);
    throw error;
  }
  try {
    await saveSection(context.db, viewer, section, parsed.data as Record<string, unknown>);
  } catch (error) {
    return forbiddenFrom(error);
  }
  return ok<CmsExtra>(savedText(section), { section });
}

export function meta() {
  return [{ title: "CMS Dashboard" }, { name: "robots", content: "noindex" }];
}

export default function CmsDashboard({ loaderData }: Route.ComponentProps) {
  const { answer: result } = useAction<CmsExtra>({ page: true });
  const { tab, content } = loaderData;
  const errors = result && !result.ok && result.section === tab ? result.fieldErrors : {};
  return (
    <div className="container-page py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>CMS Dashboard</PageTitle>
        <Link to="/admin" className="rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-inset ring-gray-300 hover:bg-gray-50">
          Admin Dashboard
        </Link>
      </div>
      <p className="mt-1 text-sm text-gray-700">Changes show on the storefront from the next page load.</p>
      <div className="mt-6">
        <DashboardTabs tabs={CMS_TABS} current={tab} label="Site content sections" />
      </div>
      <div className="mt-5">
        <CmsSectionForm key={`${tab}:${JSON.stringify(content)}`} section={tab} title={CMS_EDITABLE[tab].tab} content={content} errors={errors} />
      </div>
    </div>
  );
}
