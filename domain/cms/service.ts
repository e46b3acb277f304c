import { inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { CMS_SECTIONS, type CmsSection } from "../../lib/constants";
import { recordActivity } from "../activity/service";
import { type Actor, assertMay } from "../core/access";
import { CMS_DEFAULTS, type CmsDefaults } from "./defaults";
import { cmsContent } from "../../db/schema/cms";
import { CMS_EDITABLE, type EditableSection } from "./validation";

export type SiteContent<S extends CmsSection = CmsSection> = Pick<CmsDefaults, S>;

/**
 * Site content for the requested sections (all of them when omitted), read in one query.
 * Each stored section is shallow-merged over its default: a missing section gives the
 * default, a missing field keeps the default field. A stored field whose JSON type differs
 * from the default's (say a string where a list belongs) is ignored, so a bad edit cannot
 * break a page.
 */
export async function getSiteContent<S extends CmsSection = CmsSection>(
  db: Database,
  sections?: readonly S[],
): Promise<SiteContent<S>> {
  const wanted = (sections ?? CMS_SECTIONS) as readonly S[];
  const result = {} as SiteContent<S>;
  if (wanted.length === 0) return result;

  const rows = await db
    .select({ section: cmsContent.section, content: cmsContent.content })
    .from(cmsContent)
    .where(inArray(cmsContent.section, [...wanted]));
  const stored = new Map(rows.map((row) => [row.section, row.content]));

  for (const section of wanted) {
    result[section] = mergeOverDefault(CMS_DEFAULTS[section], stored.get(section)) as SiteContent<S>[S];
  }
  return result;
}

function mergeOverDefault<T extends object>(defaults: T, stored: Record<string, unknown> | undefined): T {
  const merged: Record<string, unknown> = { ...(defaults as Record<string, unknown>) };
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return merged as T;
  for (const [key, value] of Object.entries(stored)) {
    const fallback = (defaults as Record<string, unknown>)[key];
    if (fallback === undefined || sameJsonKind(fallback, value)) merged[key] = value;
  }
  return merged as T;
}

function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function sameJsonKind(a: unknown, b: unknown): boolean {
  return jsonKind(a) === jsonKind(b);
}

/**
 * Saves one section's content, replacing what was stored (upsert by section), and records
 * who changed it. The content has passed the section's schema in validation.ts.
 */
export async function saveSection(
  db: Database,
  actor: Actor,
  section: EditableSection,
  content: Record<string, unknown>,
): Promise<void> {
  assertMay(actor, "back_office");
  await db.transaction(async (tx) => {
    await tx
      .insert(cmsContent)
      .values({ section, content, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: cmsContent.section, set: { content, updatedBy: actor.userId, updatedAt: sql`now()` } });
    await recordActivity(tx, {
      userId: actor.userId,
      userType: "admin",
      activityType: "cms_updated",
      description: `Updated the ${CMS_EDITABLE[section].tab} content`,
      metadata: { section },
    });
  });
}
