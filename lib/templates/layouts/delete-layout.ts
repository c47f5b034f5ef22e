// Deleting a universal layout: refused while templates reference it, naming them.
import { db } from "@/lib/db";
import { ApiProblem } from "@/lib/http/problems";
import { layoutNotFound } from "./save-layout";

const NAMED = 20;

export async function deleteLayout(brandId: string, id: string): Promise<void> {
  if ((await db.universalLayout.count({ where: { id, brandId } })) === 0) throw layoutNotFound();
  const refs = await db.templateLayoutRef.findMany({
    where: { layoutId: id, brandId },
    select: { template: { select: { id: true, name: true } } },
    orderBy: { templateId: "asc" },
    take: NAMED + 1,
  });
  if (refs.length > 0) {
    const templates = refs.slice(0, NAMED).map((r) => r.template);
    const names = templates.map((t) => `"${t.name}" (${t.id})`).join(", ");
    throw new ApiProblem(
      "conflict",
      `The layout is used by ${refs.length > NAMED ? `more than ${NAMED} templates, including` : ""} ${names}; remove it from them first`.replace(
        "by  ",
        "by ",
      ),
      { templates },
    );
  }
  // A template referencing it in the meantime makes this fail on the foreign key: a 409 too.
  await db.universalLayout.deleteMany({ where: { id, brandId } });
}
