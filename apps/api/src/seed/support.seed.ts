/**
 * Demo data of support and communication: ticket subjects, FAQs in both languages, events this
 * month and next (national and global), an advert block with one advert, and a ticket from ana.
 */
import { randomUUID } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import {
  advertisementBlocks,
  adverts,
  events,
  faqCategories,
  faqEntries,
  ticketMessages,
  ticketSubjects,
  tickets,
  users,
} from "../db/schema/index";
import type { Seeder } from "./seed";

const subjects = [
  ["Billing", "Facturación"],
  ["Technical problem", "Problema técnico"],
  ["Course content", "Contenido del curso"],
  ["Account", "Cuenta"],
] as const;

const faqs: { name: [string, string]; entries: [string, string, string, string][] }[] = [
  {
    name: ["Getting started", "Primeros pasos"],
    entries: [
      [
        "How do I enrol in a title?",
        "¿Cómo me matriculo en un título?",
        "Open the title from Courses and press Enrol. Free titles start at once; paid ones go through the cart and checkout.",
        "Abre el título desde Cursos y pulsa Matricularme. Los títulos gratuitos empiezan al momento; los de pago pasan por la cesta y el pago.",
      ],
      [
        "Why is a lecture locked?",
        "¿Por qué hay una lección bloqueada?",
        "Lectures open in order: complete the previous lecture, and watch the whole video before its quiz.",
        "Las lecciones se abren en orden: completa la anterior y mira el vídeo completo antes de su cuestionario.",
      ],
    ],
  },
  {
    name: ["Payments and refunds", "Pagos y reembolsos"],
    entries: [
      [
        "Which payment methods do you accept?",
        "¿Qué métodos de pago aceptáis?",
        "We accept the main debit and credit cards. Card details never reach our servers.",
        "Aceptamos las principales tarjetas de débito y crédito. Los datos de la tarjeta nunca llegan a nuestros servidores.",
      ],
      [
        "How do I ask for a refund?",
        "¿Cómo pido un reembolso?",
        "Open a support ticket with the subject Billing and tell us the order. We answer within two working days.",
        "Abre un ticket de soporte con el asunto Facturación e indícanos el pedido. Respondemos en dos días laborables.",
      ],
    ],
  },
  {
    name: ["Your account", "Tu cuenta"],
    entries: [
      [
        "How do I change my password?",
        "¿Cómo cambio mi contraseña?",
        "Go to Profile, then Change password. The new password must differ from the current one.",
        "Ve a Perfil y después a Cambiar contraseña. La nueva contraseña debe ser distinta de la actual.",
      ],
      [
        "Can I restore a deleted account?",
        "¿Puedo recuperar una cuenta eliminada?",
        "Yes, during the grace period: use the restore link we mailed you when you asked for the deletion.",
        "Sí, durante el periodo de gracia: usa el enlace de recuperación que te enviamos al solicitar la eliminación.",
      ],
    ],
  },
];

/** A small real PNG banner (two-colour gradient), so the demo advert has an image checked by content. */
function bannerPng(width = 600, height = 200): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const f = x / (width - 1);
      const stripe = y > height * 0.42 && y < height * 0.58 && x > width * 0.1 && x < width * 0.6 ? 60 : 0;
      rows[row + 1 + x * 3] = Math.min(255, Math.round(55 + f * -40) + stripe * 3);
      rows[row + 2 + x * 3] = Math.min(255, Math.round(48 + f * 70) + stripe * 3);
      rows[row + 3 + x * 3] = Math.min(255, Math.round(163 - f * 53) + stripe * 2);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

const at = (year: number, month: number, day: number, hour: number) =>
  new Date(Date.UTC(year, month, day, hour));

export const seedSupport: Seeder = async ({ db, storage }) => {
  const insertedSubjects = await db
    .insert(ticketSubjects)
    .values(subjects.map(([en, es], i) => ({ titleEn: en, titleEs: es, position: i + 1 })))
    .returning();

  for (const [i, category] of faqs.entries()) {
    const [row] = await db
      .insert(faqCategories)
      .values({ nameEn: category.name[0], nameEs: category.name[1], position: i + 1 })
      .returning();
    await db.insert(faqEntries).values(
      category.entries.map(([qEn, qEs, aEn, aEs], j) => ({
        categoryId: row!.id,
        questionEn: qEn,
        questionEs: qEs,
        answerEn: aEn,
        answerEs: aEs,
        position: j + 1,
      })),
    );
  }

  const now = new Date();
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  await db.insert(events).values([
    {
      scope: "global",
      titleEn: "Open learning week",
      titleEs: "Semana del aprendizaje abierto",
      descriptionEn: "Free lectures and live sessions for every learner, all week long.",
      descriptionEs:
        "Lecciones gratuitas y sesiones en directo para todos los estudiantes durante toda la semana.",
      websiteUrl: "https://example.org/open-learning-week",
      startsAt: at(y, m, 8, 9),
      endsAt: at(y, m, 14, 18),
    },
    {
      scope: "national",
      country: "GB",
      titleEn: "UK careers fair",
      titleEs: "Feria de empleo del Reino Unido",
      descriptionEn: "Meet employers and universities. Bring your certificates.",
      descriptionEs: "Conoce empresas y universidades. Trae tus certificados.",
      websiteUrl: "https://example.org/uk-careers-fair",
      startsAt: at(y, m, 20, 10),
      endsAt: at(y, m, 20, 16),
    },
    {
      scope: "national",
      country: "ES",
      titleEn: "Spanish language day",
      titleEs: "Día del idioma español",
      descriptionEn: "Readings and workshops across Spain.",
      descriptionEs: "Lecturas y talleres en toda España.",
      startsAt: at(y, m + 1, 5, 10),
      endsAt: at(y, m + 1, 5, 20),
    },
    {
      scope: "global",
      titleEn: "Live Q&A with our tutors",
      titleEs: "Preguntas en directo con nuestros tutores",
      descriptionEn: "Ask anything about your titles, live.",
      descriptionEs: "Pregunta lo que quieras sobre tus títulos, en directo.",
      websiteUrl: "https://example.org/live-qa",
      startsAt: at(y, m + 1, 12, 17),
      endsAt: at(y, m + 1, 12, 18),
    },
  ]);

  const [block] = await db
    .insert(advertisementBlocks)
    .values({
      key: "dashboard_sidebar",
      name: "Dashboard sidebar",
      description: "Column beside the learner dashboard",
      placement: "dashboard_sidebar",
    })
    .returning();
  await db.insert(advertisementBlocks).values({
    key: "course_list_top",
    name: "Course list top",
    description: "Banner above the course lists",
    placement: "course_list_top",
  });
  const [advert] = await db
    .insert(adverts)
    .values({
      blockId: block!.id,
      titleEn: "Sponsor a learner's education",
      titleEs: "Patrocina la educación de un estudiante",
      linkUrl: "https://example.org/sponsor",
      startsOn: at(y, m, 1, 0).toISOString().slice(0, 10),
      endsOn: at(y + 1, m, 1, 0)
        .toISOString()
        .slice(0, 10),
    })
    .returning();
  const key = `adverts/${advert!.id}/${randomUUID()}.png`;
  await storage.put(key, bannerPng());
  await db.update(adverts).set({ imageKey: key, imageMime: "image/png" }).where(eq(adverts.id, advert!.id));

  const [ana] = await db.select({ id: users.id }).from(users).where(eq(users.username, "ana"));
  const [support] = await db.select({ id: users.id }).from(users).where(eq(users.username, "support"));
  if (ana) {
    const technical = insertedSubjects.find((s) => s.titleEn === "Technical problem");
    await db.insert(tickets).values({
      userId: ana.id,
      subjectId: technical?.id ?? null,
      description:
        "The video of my first lecture stops after a few seconds and does not continue. I tried another browser.",
    });
    const [answered] = await db
      .insert(tickets)
      .values({
        userId: ana.id,
        subjectId: insertedSubjects.find((s) => s.titleEn === "Billing")?.id ?? null,
        description: "I was charged twice for the same title last week. Could you check my order, please?",
        status: support ? "in_progress" : "unclaimed",
        claimedBy: support?.id ?? null,
        claimedAt: support ? new Date() : null,
      })
      .returning();
    if (support && answered) {
      await db.insert(ticketMessages).values({
        ticketId: answered.id,
        authorId: support.id,
        authorKind: "staff",
        body: "Thank you, Ana. We found the second charge and refunded it; it reaches your card in 3 to 5 days.",
      });
    }
  }
};
