/**
 * The demo catalogue: four categories; three complete titles in English and Spanish (one free, two
 * paid), one coming soon and one draft; real short videos and generated PDF e-books; FAQs; the
 * learner `ana` enrolled in the free title with some progress and a Q&A thread.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { eq } from "drizzle-orm";
import { videoDuration } from "../catalog/media-probe";
import {
  type CourseLevel,
  categories,
  courseLevels,
  courseModules,
  courses,
  enrolments,
  lectureAnswers,
  lectureEbooks,
  lectureFaqs,
  lectureProgress,
  lectureQuestions,
  lectures,
  type PublicationStatus,
  users,
} from "../db/schema/index";
import { attachDemoMedia, type DemoMedia, loadDemoMedia } from "./demo-media.seed";
import { lectureNotesPdf } from "./ebook-notes";
import type { Seeder } from "./seed";

type Text = [en: string, es: string];
/** A seed video read once per file; `demo`: its generated HLS, captions and chapters. */
type SeedVideo = { data: Buffer; duration: number; type: "video/mp4" | "video/webm"; demo: DemoMedia | null };
type LectureSeed = { title: Text; about: Text; faqs?: Array<{ q: Text; a: Text }>; preview?: boolean };
type CourseSeed = {
  title: Text;
  short: Text;
  description: Text;
  category: string;
  status: PublicationStatus;
  pricePence: number;
  video: string | null;
  cover: string | null;
  levels: Array<{ title: Text; modules: Array<{ title: Text; lectures: LectureSeed[] }> }>;
};

const categorySeeds = [
  { slug: "languages", name: ["Languages", "Idiomas"] },
  { slug: "mathematics", name: ["Mathematics", "Matemáticas"] },
  { slug: "creative-arts", name: ["Creative arts", "Artes creativas"] },
  { slug: "lifestyle", name: ["Lifestyle", "Estilo de vida"] },
] as const;

const lecture = (title: Text, about: Text, extra: Partial<LectureSeed> = {}): LectureSeed => ({
  title,
  about,
  ...extra,
});

const courseSeeds: CourseSeed[] = [
  {
    title: ["Everyday Spanish", "Español cotidiano"],
    short: [
      "Speak Spanish from day one: greetings, numbers, shopping and travel conversations.",
      "Habla español desde el primer día: saludos, números, compras y conversaciones de viaje.",
    ],
    description: [
      "A friendly beginner course built around real situations. Each lecture pairs a short video with printable notes, and you practise what you hear straight away. By the end you can introduce yourself, order food, ask for directions and handle everyday shopping.",
      "Un curso para principiantes basado en situaciones reales. Cada lección combina un vídeo corto con apuntes para imprimir, y practicas al momento lo que escuchas. Al terminar sabrás presentarte, pedir comida, preguntar direcciones y hacer compras cotidianas.",
    ],
    category: "languages",
    status: "published",
    pricePence: 0,
    video: "demo/spanish/original.mp4",
    cover: "demo/covers/spanish.jpg",
    levels: [
      {
        title: ["Level 1: First steps", "Nivel 1: Primeros pasos"],
        modules: [
          {
            title: ["Hello and goodbye", "Hola y adiós"],
            lectures: [
              lecture(
                ["Greetings for every time of day", "Saludos para cada momento del día"],
                [
                  "Buenos días, buenas tardes and buenas noches: when to use each, and how to answer.",
                  "Buenos días, buenas tardes y buenas noches: cuándo usar cada uno y cómo responder.",
                ],
                {
                  preview: true,
                  faqs: [
                    {
                      q: ["Is 'hola' informal?", "¿«Hola» es informal?"],
                      a: [
                        "It works almost everywhere; add 'buenos días' to sound more polite.",
                        "Sirve casi siempre; añade «buenos días» para sonar más cortés.",
                      ],
                    },
                  ],
                },
              ),
              lecture(
                ["Introducing yourself", "Presentarte"],
                [
                  "Me llamo..., soy de..., mucho gusto: your first conversation.",
                  "Me llamo..., soy de..., mucho gusto: tu primera conversación.",
                ],
              ),
              lecture(
                ["Formal and informal you", "Tú y usted"],
                [
                  "When to say tú and when to say usted, with examples from daily life.",
                  "Cuándo decir tú y cuándo usted, con ejemplos de la vida diaria.",
                ],
              ),
            ],
          },
          {
            title: ["Numbers and time", "Números y hora"],
            lectures: [
              lecture(
                ["Counting from 0 to 100", "Contar del 0 al 100"],
                [
                  "Numbers you need for prices, phone numbers and ages.",
                  "Los números que necesitas para precios, teléfonos y edades.",
                ],
              ),
              lecture(
                ["What time is it?", "¿Qué hora es?"],
                [
                  "Telling the time and making plans: a las tres y media.",
                  "Decir la hora y quedar: a las tres y media.",
                ],
              ),
            ],
          },
        ],
      },
      {
        title: ["Level 2: Out and about", "Nivel 2: En la calle"],
        modules: [
          {
            title: ["At the café", "En la cafetería"],
            lectures: [
              lecture(
                ["Ordering food and drinks", "Pedir comida y bebida"],
                [
                  "Quisiera..., para mí..., la cuenta, por favor.",
                  "Quisiera..., para mí..., la cuenta, por favor.",
                ],
              ),
              lecture(
                ["Paying and tipping", "Pagar y dejar propina"],
                [
                  "Card or cash, splitting the bill and saying thank you.",
                  "Tarjeta o efectivo, dividir la cuenta y dar las gracias.",
                ],
              ),
            ],
          },
          {
            title: ["Getting around", "Moverse por la ciudad"],
            lectures: [
              lecture(
                ["Asking for directions", "Preguntar direcciones"],
                [
                  "¿Dónde está...? a la derecha, todo recto, la segunda calle.",
                  "¿Dónde está...? a la derecha, todo recto, la segunda calle.",
                ],
              ),
              lecture(
                ["Buying a train ticket", "Comprar un billete de tren"],
                [
                  "Ida y vuelta, andén, horario: travel with confidence.",
                  "Ida y vuelta, andén, horario: viaja con confianza.",
                ],
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    title: ["Algebra Foundations", "Fundamentos de álgebra"],
    short: [
      "From expressions to equations and graphs, step by step, with worked examples.",
      "De las expresiones a las ecuaciones y las gráficas, paso a paso, con ejemplos resueltos.",
    ],
    description: [
      "Algebra is the language of patterns. This title starts from variables and expressions, builds up to linear equations and inequalities, and ends with graphs of lines and systems of equations. Every lecture ends with practice problems in its notes.",
      "El álgebra es el lenguaje de los patrones. Este título empieza por variables y expresiones, avanza hasta ecuaciones e inecuaciones lineales y termina con gráficas de rectas y sistemas de ecuaciones. Cada lección termina con ejercicios en sus apuntes.",
    ],
    category: "mathematics",
    status: "published",
    pricePence: 2900,
    video: "demo/algebra/original.mp4",
    cover: "demo/covers/algebra.jpg",
    levels: [
      {
        title: ["Level 1: Expressions", "Nivel 1: Expresiones"],
        modules: [
          {
            title: ["Variables", "Variables"],
            lectures: [
              lecture(
                ["What is a variable?", "¿Qué es una variable?"],
                [
                  "Letters that stand for numbers, and why that is useful.",
                  "Letras que representan números y por qué es útil.",
                ],
                {
                  preview: true,
                  faqs: [
                    {
                      q: ["Why x?", "¿Por qué x?"],
                      a: [
                        "Any letter works; x is simply a tradition.",
                        "Cualquier letra sirve; la x es solo una tradición.",
                      ],
                    },
                  ],
                },
              ),
              lecture(
                ["Evaluating expressions", "Evaluar expresiones"],
                [
                  "Substitute values and follow the order of operations.",
                  "Sustituye valores y respeta el orden de las operaciones.",
                ],
              ),
            ],
          },
          {
            title: ["Simplifying", "Simplificar"],
            lectures: [
              lecture(
                ["Like terms", "Términos semejantes"],
                ["Collecting like terms: 3x + 2x = 5x.", "Agrupar términos semejantes: 3x + 2x = 5x."],
              ),
              lecture(
                ["The distributive law", "La propiedad distributiva"],
                ["Expanding brackets: a(b + c) = ab + ac.", "Quitar paréntesis: a(b + c) = ab + ac."],
              ),
            ],
          },
        ],
      },
      {
        title: ["Level 2: Equations", "Nivel 2: Ecuaciones"],
        modules: [
          {
            title: ["Linear equations", "Ecuaciones lineales"],
            lectures: [
              lecture(
                ["Solving in one step", "Resolver en un paso"],
                [
                  "Do the same to both sides to keep the balance.",
                  "Haz lo mismo en ambos lados para mantener el equilibrio.",
                ],
              ),
              lecture(
                ["Two-step equations", "Ecuaciones de dos pasos"],
                [
                  "Undo addition first, then multiplication.",
                  "Deshaz primero la suma y después la multiplicación.",
                ],
              ),
              lecture(
                ["Equations with brackets", "Ecuaciones con paréntesis"],
                ["Expand, collect, solve, check.", "Desarrolla, agrupa, resuelve y comprueba."],
              ),
            ],
          },
          {
            title: ["Graphs", "Gráficas"],
            lectures: [
              lecture(
                ["Plotting points", "Representar puntos"],
                ["The coordinate plane and ordered pairs.", "El plano cartesiano y los pares ordenados."],
              ),
              lecture(
                ["Straight lines", "Rectas"],
                ["Slope and intercept: y = mx + b.", "Pendiente y ordenada en el origen: y = mx + b."],
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    title: ["Digital Photography", "Fotografía digital"],
    short: [
      "Take control of your camera: exposure, light, composition and editing.",
      "Toma el control de tu cámara: exposición, luz, composición y edición.",
    ],
    description: [
      "Move beyond automatic mode. You will learn how aperture, shutter speed and ISO work together, how to read and shape light, how to compose strong images, and how to finish them with simple edits. Works with any camera, including your phone.",
      "Ve más allá del modo automático. Aprenderás cómo se combinan apertura, velocidad de obturación e ISO, a leer y dar forma a la luz, a componer imágenes potentes y a terminarlas con ediciones sencillas. Sirve con cualquier cámara, también la del móvil.",
    ],
    category: "creative-arts",
    status: "published",
    pricePence: 3900,
    video: "demo/photography/original.mp4",
    cover: "demo/covers/photography.jpg",
    levels: [
      {
        title: ["Level 1: Exposure", "Nivel 1: Exposición"],
        modules: [
          {
            title: ["The exposure triangle", "El triángulo de exposición"],
            lectures: [
              lecture(
                ["Aperture and depth of field", "Apertura y profundidad de campo"],
                ["f-numbers, blur and sharpness.", "Números f, desenfoque y nitidez."],
                {
                  preview: true,
                  faqs: [
                    {
                      q: ["Does this work on a phone?", "¿Sirve con el móvil?"],
                      a: [
                        "Yes: portrait mode imitates a wide aperture.",
                        "Sí: el modo retrato imita una apertura amplia.",
                      ],
                    },
                  ],
                },
              ),
              lecture(
                ["Shutter speed and motion", "Velocidad de obturación y movimiento"],
                ["Freeze action or show movement.", "Congela la acción o muestra el movimiento."],
              ),
              lecture(
                ["ISO and noise", "ISO y ruido"],
                ["Brightness in low light and its cost.", "Luminosidad con poca luz y su coste."],
              ),
            ],
          },
          {
            title: ["Light", "Luz"],
            lectures: [
              lecture(
                ["Natural light", "Luz natural"],
                [
                  "Golden hour, overcast days and window light.",
                  "Hora dorada, días nublados y luz de ventana.",
                ],
              ),
              lecture(
                ["Reading a histogram", "Leer un histograma"],
                [
                  "Check exposure with numbers, not the screen.",
                  "Comprueba la exposición con datos, no con la pantalla.",
                ],
              ),
            ],
          },
        ],
      },
      {
        title: ["Level 2: Composition and editing", "Nivel 2: Composición y edición"],
        modules: [
          {
            title: ["Composition", "Composición"],
            lectures: [
              lecture(
                ["The rule of thirds", "La regla de los tercios"],
                ["Placing your subject with intent.", "Coloca al sujeto con intención."],
              ),
              lecture(
                ["Leading lines and framing", "Líneas guía y encuadre"],
                ["Guide the eye through the picture.", "Guía la mirada a través de la imagen."],
              ),
            ],
          },
          {
            title: ["Editing", "Edición"],
            lectures: [
              lecture(
                ["Basic adjustments", "Ajustes básicos"],
                ["Exposure, contrast, white balance.", "Exposición, contraste y balance de blancos."],
              ),
              lecture(
                ["Exporting for web and print", "Exportar para web e impresión"],
                ["Sizes, formats and colour spaces.", "Tamaños, formatos y espacios de color."],
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    title: ["Home Cooking Basics", "Cocina casera básica"],
    short: [
      "Knife skills, stocks and weeknight meals. Coming soon.",
      "Técnicas de cuchillo, caldos y cenas entre semana. Muy pronto.",
    ],
    description: [
      "A practical kitchen course for beginners, from holding a knife safely to cooking a week of simple, healthy meals.",
      "Un curso práctico de cocina para principiantes, desde sujetar un cuchillo con seguridad hasta cocinar una semana de comidas sencillas y sanas.",
    ],
    category: "lifestyle",
    status: "coming_soon",
    pricePence: 1900,
    video: null,
    cover: "demo/covers/cooking.jpg",
    levels: [
      {
        title: ["Level 1: In the kitchen", "Nivel 1: En la cocina"],
        modules: [
          {
            title: ["Knife skills", "Técnicas de cuchillo"],
            lectures: [
              lecture(
                ["Holding a knife", "Sujetar el cuchillo"],
                ["Grip, stance and safety.", "Agarre, postura y seguridad."],
              ),
              lecture(
                ["Basic cuts", "Cortes básicos"],
                ["Dice, slice and julienne.", "Dados, láminas y juliana."],
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    title: ["Public Speaking", "Hablar en público"],
    short: [
      "Plan, rehearse and deliver talks with confidence.",
      "Planifica, ensaya y da charlas con confianza.",
    ],
    description: [
      "A draft title being written by the course team.",
      "Un título en borrador que el equipo está escribiendo.",
    ],
    category: "lifestyle",
    status: "draft",
    pricePence: 2500,
    video: null,
    cover: "demo/covers/speaking.jpg",
    levels: [
      {
        title: ["Level 1: Preparing", "Nivel 1: Preparación"],
        modules: [
          {
            title: ["Your message", "Tu mensaje"],
            lectures: [
              lecture(
                ["Know your audience", "Conoce a tu público"],
                ["Who is listening?", "¿Quién escucha?"],
              ),
            ],
          },
        ],
      },
    ],
  },
];

/** Python in Spanish: the catalogue's accent-insensitive search finds it from "programacion". */
courseSeeds.push({
  title: ["Python Programming for Beginners", "Programación en Python para principiantes"],
  short: [
    "Write your first programs: variables, decisions, loops and functions, explained in Spanish.",
    "Escribe tus primeros programas: variables, decisiones, bucles y funciones, explicados en español.",
  ],
  description: [
    "A gentle introduction to programming with Python, taught in Spanish with English subtitles in the notes. You write small, useful programs from the first lecture and finish with a number-guessing game.",
    "Una introducción amable a la programación con Python. Escribes programas pequeños y útiles desde la primera lección y terminas con un juego de adivinar números.",
  ],
  category: "mathematics",
  status: "published",
  pricePence: 2400,
  video: "demo/python/original.mp4",
  cover: "demo/covers/python.jpg",
  levels: [
    {
      title: ["Level 1: First programs", "Nivel 1: Primeros programas"],
      modules: [
        {
          title: ["Getting started", "Primeros pasos"],
          lectures: [
            lecture(
              ["Installing Python", "Instalar Python"],
              ["Python and an editor on any computer.", "Python y un editor en cualquier ordenador."],
              { preview: true },
            ),
            lecture(["Variables", "Variables"], ["Names for your data.", "Nombres para tus datos."]),
          ],
        },
        {
          title: ["Decisions and loops", "Decisiones y bucles"],
          lectures: [
            lecture(["if and else", "if y else"], ["Programs that choose.", "Programas que eligen."]),
            lecture(["for and while", "for y while"], ["Repeat without copying.", "Repite sin copiar."]),
          ],
        },
      ],
    },
  ],
});

/**
 * What the title pages show beside the outline: level, the language it is taught in,
 * what you'll learn and requirements (one point a line), by English title.
 */
const courseFacts: Record<
  string,
  { level: CourseLevel; language: "en" | "es"; outcomes: Text; requirements: Text }
> = {
  "Everyday Spanish": {
    level: "beginner",
    language: "es",
    outcomes: [
      "Greet people and introduce yourself\nCount, tell the time and handle prices\nOrder food and drinks\nAsk for and follow directions",
      "Saludar y presentarte\nContar, decir la hora y entender precios\nPedir comida y bebida\nPreguntar y seguir direcciones",
    ],
    requirements: [
      "No Spanish needed: we start from zero\nHeadphones help with the listening practice",
      "No hace falta saber español: empezamos desde cero\nLos auriculares ayudan en la práctica de escucha",
    ],
  },
  "Algebra Foundations": {
    level: "intermediate",
    language: "en",
    outcomes: [
      "Simplify expressions and solve linear equations\nSolve and graph inequalities\nDraw and read the graph of a line\nSolve systems of two equations",
      "Simplificar expresiones y resolver ecuaciones lineales\nResolver y representar inecuaciones\nDibujar e interpretar la gráfica de una recta\nResolver sistemas de dos ecuaciones",
    ],
    requirements: [
      "Confident with fractions and negative numbers\nPen, paper and a basic calculator",
      "Soltura con fracciones y números negativos\nLápiz, papel y una calculadora básica",
    ],
  },
  "Digital Photography": {
    level: "all",
    language: "en",
    outcomes: [
      "Use aperture, shutter speed and ISO together\nRead and shape light\nCompose stronger images\nFinish photos with simple edits",
      "Combinar apertura, velocidad de obturación e ISO\nLeer y dar forma a la luz\nComponer imágenes más potentes\nTerminar fotos con ediciones sencillas",
    ],
    requirements: ["Any camera, including a phone", "Cualquier cámara, también la del móvil"],
  },
  "Home Cooking Basics": {
    level: "beginner",
    language: "en",
    outcomes: [
      "Hold and use a knife safely\nMake stocks and sauces\nPlan a week of simple meals",
      "Sujetar y usar un cuchillo con seguridad\nPreparar caldos y salsas\nPlanificar una semana de comidas sencillas",
    ],
    requirements: ["A kitchen and a sharp knife", "Una cocina y un cuchillo afilado"],
  },
  "Python Programming for Beginners": {
    level: "beginner",
    language: "es",
    outcomes: [
      "Write and run Python programs\nStore data in variables and lists\nMake decisions and repeat with loops\nBuild a small game",
      "Escribir y ejecutar programas en Python\nGuardar datos en variables y listas\nTomar decisiones y repetir con bucles\nCrear un pequeño juego",
    ],
    requirements: [
      "A computer (Windows, macOS or Linux)\nNo programming experience needed",
      "Un ordenador (Windows, macOS o Linux)\nNo hace falta experiencia en programación",
    ],
  },
};

function factsOf(title: string) {
  const facts = courseFacts[title];
  if (!facts) return {};
  return {
    level: facts.level,
    teachingLanguage: facts.language,
    outcomesEn: facts.outcomes[0],
    outcomesEs: facts.outcomes[1],
    requirementsEn: facts.requirements[0],
    requirementsEs: facts.requirements[1],
  };
}

/** The committed media of src/seed/assets, found from the source tree and from the bundle. */
export function seedAssetsFolder(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    for (const candidate of [path.join(dir, "assets"), path.join(dir, "src", "seed", "assets")])
      if (existsSync(path.join(candidate, "lecture-a.mp4"))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

export const seedCatalog: Seeder = async ({ db, storage }) => {
  const assets = seedAssetsFolder();
  const categoryIds = new Map<string, number>();
  for (const [position, c] of categorySeeds.entries()) {
    const [row] = await db
      .insert(categories)
      .values({ nameEn: c.name[0], nameEs: c.name[1], slug: c.slug, position })
      .returning({ id: categories.id });
    categoryIds.set(c.slug, row!.id);
  }

  const videos = new Map<string, SeedVideo>();
  const demoStored = new Set<string>();
  const lectureIdsByCourse: number[][] = [];
  const now = Date.now();
  for (const [courseIndex, seed] of courseSeeds.entries()) {
    const [course] = await db
      .insert(courses)
      .values({
        categoryId: categoryIds.get(seed.category) ?? null,
        status: seed.status,
        titleEn: seed.title[0],
        titleEs: seed.title[1],
        shortDescriptionEn: seed.short[0],
        shortDescriptionEs: seed.short[1],
        descriptionEn: seed.description[0],
        descriptionEs: seed.description[1],
        pricePence: seed.pricePence,
        isFree: seed.pricePence === 0,
        position: courseIndex,
        ...factsOf(seed.title[0]),
        publishedAt:
          seed.status === "published"
            ? new Date(now - (courseSeeds.length - courseIndex) * 86_400_000)
            : null,
      })
      .returning({ id: courses.id });
    const courseId = course!.id;
    if (assets && seed.cover) {
      const data = await readFile(path.join(assets, seed.cover));
      const ext = path.extname(seed.cover).slice(1);
      const key = `courses/${courseId}/cover-seed.${ext}`;
      await storage.put(key, data);
      const type = ext === "jpg" ? "image/jpeg" : `image/${ext}`;
      await db
        .update(courses)
        .set({ coverImageKey: key, coverImageType: type })
        .where(eq(courses.id, courseId));
    }

    let video: SeedVideo | undefined;
    if (assets && seed.video) {
      video = videos.get(seed.video);
      if (!video) {
        const data = await readFile(path.join(assets, seed.video));
        const type = seed.video.endsWith(".webm") ? "video/webm" : "video/mp4";
        const demo = await loadDemoMedia(assets, seed.video);
        video = { data, type, duration: videoDuration(data, type) ?? 15, demo };
        videos.set(seed.video, video);
      }
    }

    const ids: number[] = [];
    let number = 0;
    for (const [levelPosition, level] of seed.levels.entries()) {
      const [levelRow] = await db
        .insert(courseLevels)
        .values({ courseId, position: levelPosition, titleEn: level.title[0], titleEs: level.title[1] })
        .returning({ id: courseLevels.id });
      for (const [modulePosition, module] of level.modules.entries()) {
        const [moduleRow] = await db
          .insert(courseModules)
          .values({
            levelId: levelRow!.id,
            courseId,
            position: modulePosition,
            titleEn: module.title[0],
            titleEs: module.title[1],
          })
          .returning({ id: courseModules.id });
        for (const [lecturePosition, l] of module.lectures.entries()) {
          number += 1;
          const lectureStatus: PublicationStatus =
            seed.status === "coming_soon" ? "coming_soon" : seed.status === "draft" ? "draft" : "published";
          const [lectureRow] = await db
            .insert(lectures)
            .values({
              moduleId: moduleRow!.id,
              courseId,
              position: lecturePosition,
              titleEn: l.title[0],
              titleEs: l.title[1],
              descriptionEn: l.about[0],
              descriptionEs: l.about[1],
              status: lectureStatus,
              isPreview: l.preview ?? false,
            })
            .returning({ id: lectures.id });
          const lectureId = lectureRow!.id;
          ids.push(lectureId);
          if (video) {
            const key = `lectures/${lectureId}/video-seed.${video.type === "video/webm" ? "webm" : "mp4"}`;
            await storage.put(key, video.data);
            await db
              .update(lectures)
              .set({
                videoKey: key,
                videoType: video.type,
                videoBytes: video.data.length,
                durationSeconds: video.duration,
              })
              .where(eq(lectures.id, lectureId));
            if (video.demo) await attachDemoMedia({ db, storage }, lectureId, key, video.demo, demoStored);
          }
          if (seed.status !== "draft") {
            const notes = await lectureNotesPdf({
              courseTitle: seed.title[0],
              lectureTitle: l.title,
              about: l.about,
              number,
            });
            const key = `lectures/${lectureId}/ebooks/notes-seed.pdf`;
            await storage.put(key, notes.data);
            await db.insert(lectureEbooks).values({
              lectureId,
              titleEn: "Lecture notes",
              titleEs: "Apuntes de la lección",
              fileKey: key,
              fileBytes: notes.data.length,
              pages: notes.pages,
            });
          }
          if (l.faqs?.length)
            await db.insert(lectureFaqs).values(
              l.faqs.map((f, position) => ({
                lectureId,
                position,
                questionEn: f.q[0],
                questionEs: f.q[1],
                answerEn: f.a[0],
                answerEs: f.a[1],
              })),
            );
        }
      }
    }
    lectureIdsByCourse.push(ids);
  }

  await seedLearnerActivity(
    db,
    lectureIdsByCourse[0] ?? [],
    videos.get("demo/spanish/original.mp4")?.duration ?? 15,
  );
};

/** ana: enrolled in the free title, first lecture completed, second half watched, one question answered. */
async function seedLearnerActivity(db: Parameters<Seeder>[0]["db"], lectureIds: number[], duration: number) {
  const [ana] = await db.select({ id: users.id }).from(users).where(eq(users.username, "ana"));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, "admin"));
  const [first, second] = lectureIds;
  if (!ana || first === undefined || second === undefined) return;
  const [lectureRow] = await db
    .select({ courseId: lectures.courseId })
    .from(lectures)
    .where(eq(lectures.id, first));
  const courseId = lectureRow!.courseId;
  const now = new Date();
  const half = Math.floor(duration / 2);
  await db
    .insert(enrolments)
    .values({ userId: ana.id, courseId, source: "free", lastLectureId: second, lastActivityAt: now });
  await db.update(courses).set({ enrolmentCount: 1 }).where(eq(courses.id, courseId));
  await db.insert(lectureProgress).values([
    {
      userId: ana.id,
      lectureId: first,
      courseId,
      watchedRanges: [[0, duration]],
      watchedSeconds: duration,
      lastPositionSeconds: duration,
      videoWatchedAt: now,
      completedAt: now,
    },
    {
      userId: ana.id,
      lectureId: second,
      courseId,
      watchedRanges: [[0, half]],
      watchedSeconds: half,
      lastPositionSeconds: half,
    },
  ]);
  const [question] = await db
    .insert(lectureQuestions)
    .values({
      lectureId: first,
      courseId,
      userId: ana.id,
      body: "Can I say 'buenas' on its own, or is that too informal?",
      status: admin ? "answered" : "unanswered",
      answeredAt: admin ? now : null,
    })
    .returning({ id: lectureQuestions.id });
  if (admin && question)
    await db.insert(lectureAnswers).values({
      questionId: question.id,
      adminId: admin.id,
      body: "Yes! 'Buenas' is a relaxed greeting that works at any time of day with friends and in shops.",
    });
  await db.insert(lectureQuestions).values({
    lectureId: second,
    courseId,
    userId: ana.id,
    body: "Is 'me llamo' more common than 'mi nombre es' in Spain?",
  });
}
