/**
 * Demo shop for `npm start`: shop categories, two distributors, printed books in English and
 * Spanish with bindings and stock (one nearly sold out, one sold out), e-notes and an e-book sold
 * through notes offers, best-seller counts, and an open stock request.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Binding } from "../db/schema/index";
import {
  courses,
  notesOffers,
  productBindings,
  products,
  shopCategories,
  shopDistributors,
  stockMovements,
  stockRequests,
  users,
} from "../db/schema/index";
import type { SeedContext } from "../seed/seed";

type Book = {
  titleEn: string;
  titleEs: string;
  authors: string;
  descriptionEn: string;
  descriptionEs: string;
  category: number;
  pricePence: number;
  coverColor: string;
  isbn: string;
  pages: number;
  sold: number;
  bindings: Array<{ binding: Binding; discountPence: number; stock: number }>;
};

const books: Book[] = [
  {
    titleEn: "Programming in Python: A First Course",
    titleEs: "Programación en Python: primer curso",
    authors: "Lucía Ortega, Tom Harris",
    descriptionEn:
      "A friendly, hands-on introduction to programming with Python: variables, loops, functions, files and a small project in every chapter. Answers to every exercise at the back.",
    descriptionEs:
      "Una introducción práctica y cercana a la programación con Python: variables, bucles, funciones, ficheros y un pequeño proyecto en cada capítulo. Con las soluciones de todos los ejercicios al final.",
    category: 0,
    pricePence: 2499,
    coverColor: "#1d4ed8",
    isbn: "9781234567897",
    pages: 320,
    sold: 42,
    bindings: [
      { binding: "paperback", discountPence: 500, stock: 24 },
      { binding: "hardcover", discountPence: 0, stock: 8 },
    ],
  },
  {
    titleEn: "Algebra Without Fear",
    titleEs: "Álgebra sin miedo",
    authors: "Marta Gil",
    descriptionEn:
      "Equations, inequalities and functions explained step by step, with worked examples and 400 graded exercises.",
    descriptionEs:
      "Ecuaciones, inecuaciones y funciones explicadas paso a paso, con ejemplos resueltos y 400 ejercicios graduados.",
    category: 2,
    pricePence: 1899,
    coverColor: "#b45309",
    isbn: "9788412345671",
    pages: 256,
    sold: 17,
    bindings: [
      { binding: "paperback", discountPence: 300, stock: 3 },
      { binding: "spiral", discountPence: 0, stock: 12 },
    ],
  },
  {
    titleEn: "Everyday Spanish Conversation",
    titleEs: "Conversación en español para el día a día",
    authors: "Carmen Ruiz",
    descriptionEn:
      "Dialogues, phrases and cultural notes for real situations: shopping, travel, work and friends. Level A2–B1.",
    descriptionEs:
      "Diálogos, expresiones y notas culturales para situaciones reales: compras, viajes, trabajo y amigos. Nivel A2–B1.",
    category: 1,
    pricePence: 1599,
    coverColor: "#be123c",
    isbn: "9788498765432",
    pages: 198,
    sold: 9,
    bindings: [{ binding: "paperback", discountPence: 0, stock: 15 }],
  },
  {
    titleEn: "Digital Photography Field Guide",
    titleEs: "Guía de campo de fotografía digital",
    authors: "Ian Brooks",
    descriptionEn:
      "Exposure, light and composition in the field, with settings cards you can take on a shoot.",
    descriptionEs:
      "Exposición, luz y composición en exteriores, con fichas de ajustes para llevar a cada sesión.",
    category: 0,
    pricePence: 2999,
    coverColor: "#047857",
    isbn: "9781098765438",
    pages: 240,
    sold: 5,
    bindings: [
      { binding: "hardcover", discountPence: 0, stock: 0 },
      { binding: "paperback", discountPence: 700, stock: 0 },
    ],
  },
  {
    titleEn: "English Grammar in Practice",
    titleEs: "Gramática inglesa en la práctica",
    authors: "Sarah Collins",
    descriptionEn: "Clear grammar explanations with exercises on every page, for intermediate learners.",
    descriptionEs:
      "Explicaciones gramaticales claras con ejercicios en cada página, para estudiantes de nivel intermedio.",
    category: 1,
    pricePence: 2199,
    coverColor: "#7c3aed",
    isbn: "9780198765430",
    pages: 288,
    sold: 0,
    bindings: [{ binding: "paperback", discountPence: 0, stock: 40 }],
  },
];

export async function seedShop({ db }: SeedContext) {
  const categories = await db
    .insert(shopCategories)
    .values([
      { nameEn: "Programming and technology", nameEs: "Programación y tecnología", position: 1 },
      { nameEn: "Languages", nameEs: "Idiomas", position: 2 },
      { nameEn: "Mathematics", nameEs: "Matemáticas", position: 3 },
      { nameEn: "Study notes", nameEs: "Apuntes de estudio", position: 4 },
    ])
    .returning({ id: shopCategories.id });
  const distributors = await db
    .insert(shopDistributors)
    .values([
      {
        name: "Northern Book Supply",
        contactName: "Helen Wright",
        email: "orders@northernbooks.example",
        phone: "+441612345678",
        country: "GB",
      },
      {
        name: "Libros del Sur Distribución",
        contactName: "Javier Moreno",
        email: "pedidos@librosdelsur.example",
        phone: "+34912345678",
        country: "ES",
      },
    ])
    .returning({ id: shopDistributors.id });

  const firstBindings: number[] = [];
  for (const [index, book] of books.entries()) {
    const [product] = await db
      .insert(products)
      .values({
        kind: "printed_book",
        titleEn: book.titleEn,
        titleEs: book.titleEs,
        authors: book.authors,
        descriptionEn: book.descriptionEn,
        descriptionEs: book.descriptionEs,
        isbn: book.isbn,
        pages: book.pages,
        coverColor: book.coverColor,
        categoryId: categories[book.category]!.id,
        distributorId: distributors[index % 2]!.id,
        pricePence: book.pricePence,
        status: "published",
        soldCount: book.sold,
      })
      .returning({ id: products.id });
    const created = await db
      .insert(productBindings)
      .values(book.bindings.map((b) => ({ productId: product!.id, ...b })))
      .returning({ id: productBindings.id, stock: productBindings.stock });
    for (const c of created)
      if (c.stock > 0)
        await db
          .insert(stockMovements)
          .values({ productBindingId: c.id, change: c.stock, stockAfter: c.stock, reason: "adjustment" });
    firstBindings.push(created[0]!.id);
  }

  // Digital products, sold through e-notes offers of paid titles.
  const paidTitles = await db
    .select({ id: courses.id, titleEn: courses.titleEn, titleEs: courses.titleEs })
    .from(courses)
    .where(and(eq(courses.status, "published"), eq(courses.isFree, false)))
    .orderBy(asc(courses.id))
    .limit(2);
  for (const [index, title] of paidTitles.entries()) {
    const [existing] = await db
      .select({ id: notesOffers.id })
      .from(notesOffers)
      .where(eq(notesOffers.courseId, title.id))
      .limit(1);
    const offerId =
      existing?.id ??
      (
        await db
          .insert(notesOffers)
          .values({ courseId: title.id, pricePence: 699 })
          .returning({ id: notesOffers.id })
      )[0]!.id;
    await db.insert(products).values({
      kind: index === 0 ? "enotes" : "ebook",
      titleEn: index === 0 ? `${title.titleEn}: complete e-notes` : `${title.titleEn}: the e-book`,
      titleEs: index === 0 ? `${title.titleEs}: apuntes completos` : `${title.titleEs}: el libro electrónico`,
      authors: "Aprendo",
      descriptionEn:
        "Every lecture's notes of the title in one place, to read online and keep for revision. Available straight after payment.",
      descriptionEs:
        "Los apuntes de todas las clases del curso en un solo lugar, para leer en línea y repasar. Disponibles nada más pagar.",
      coverColor: index === 0 ? "#0f766e" : "#4338ca",
      categoryId: categories[3]!.id,
      notesOfferId: offerId,
      status: "published",
      soldCount: index === 0 ? 23 : 3,
    });
  }

  // The nearly sold-out algebra paperback has more copies on the way.
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  await db.insert(stockRequests).values({
    productBindingId: firstBindings[1]!,
    distributorId: distributors[1]!.id,
    quantity: 30,
    note: "Back-to-school reorder",
    requestedBy: admin?.id ?? null,
  });
}
