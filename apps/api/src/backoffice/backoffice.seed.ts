/**
 * Demo back-office data: a school with a class (Ana in it, no titles, so her enrolments stay as the
 * catalogue seed left them), a company, and one open "Can't log in?" request.
 */
import { eq } from "drizzle-orm";
import { classMembers, externalLoginIssues, institutions, learnerClasses, users } from "../db/schema/index";
import type { Seeder } from "../seed/seed";

export const seedBackoffice: Seeder = async ({ db }) => {
  const [school, company] = await db
    .insert(institutions)
    .values([
      {
        name: "Colegio Cervantes",
        kind: "school",
        country: "ES",
        city: "Madrid",
        contactEmail: "secretaria@cervantes.example",
      },
      {
        name: "Northwind Training",
        kind: "company",
        country: "GB",
        city: "Leeds",
        contactEmail: "learning@northwind.example",
      },
    ])
    .returning({ id: institutions.id });
  const [group] = await db
    .insert(learnerClasses)
    .values([
      { institutionId: school!.id, name: "3º B · Spanish for beginners" },
      { institutionId: company!.id, name: "Induction, spring intake" },
    ])
    .returning({ id: learnerClasses.id });
  const [ana] = await db.select({ id: users.id }).from(users).where(eq(users.username, "ana"));
  if (ana) await db.insert(classMembers).values({ classId: group!.id, userId: ana.id });
  await db.insert(externalLoginIssues).values({
    fullName: "Marta Ruiz",
    accountIdentifier: "marta.ruiz@old-mail.example",
    contactEmail: "marta.ruiz@example.com",
    reason: "changed_email",
    description: "My old work email was closed when I changed jobs, so I cannot receive the reset link.",
    languageId: 2,
  });
};
