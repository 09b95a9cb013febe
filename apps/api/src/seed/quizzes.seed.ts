/**
 * Demo quizzes: a lecture quiz on the first lecture of each published title (all four question
 * types, English and Spanish) and on the second lecture of Everyday Spanish; a module exam and a
 * level exam on Everyday Spanish. `ana` has passed the first lecture's quiz (she completed that
 * lecture) and holds one exam access (two attempts) to the module exam.
 */
import { type QuestionInput, revealDefault } from "@aprendo/contract";
import { and, asc, eq } from "drizzle-orm";
import { readOutline } from "../catalog/outline.service";
import type { Db } from "../db/client";
import {
  courses,
  examAccesses,
  lectureProgress,
  quizAttempts,
  quizQuestions,
  quizzes,
  users,
} from "../db/schema/index";
import { syncOwner } from "../quizzes/authoring.service";
import { gradeAttempt } from "../quizzes/quizzes.grading";
import { buildContent, correctAnswerOf } from "../quizzes/quizzes.questions";
import type { Seeder } from "./seed";

type T = [en: string, es: string];
const opt = ([en, es]: T, correct = false) => ({ text_en: en, text_es: es, correct });
const q = (
  type: "single" | "multiple",
  text: T,
  options: Array<[T, boolean?]>,
  explanation: T,
): QuestionInput => ({
  type,
  text_en: text[0],
  text_es: text[1],
  explanation_en: explanation[0],
  explanation_es: explanation[1],
  options: options.map(([t, c]) => opt(t, c)),
});
type GapList = Extract<QuestionInput, { type: "missing_word" }>["gaps"];
const gaps = (text: T, list: GapList, explanation: T): QuestionInput => ({
  type: "missing_word",
  text_en: text[0],
  text_es: text[1],
  explanation_en: explanation[0],
  explanation_es: explanation[1],
  gaps: list,
});
const links = (text: T, pairs: Array<[T, T]>, explanation: T, distractors: T[] = []): QuestionInput => ({
  type: "word_linking",
  text_en: text[0],
  text_es: text[1],
  explanation_en: explanation[0],
  explanation_es: explanation[1],
  pairs: pairs.map(([l, r]) => ({ left_en: l[0], left_es: l[1], right_en: r[0], right_es: r[1] })),
  distractors: distractors.map(([en, es]) => ({ text_en: en, text_es: es })),
});

const greetingsQuiz: QuestionInput[] = [
  q(
    "single",
    ["Which greeting do you use at 10 in the morning?", "¿Qué saludo usas a las 10 de la mañana?"],
    [
      [["Buenos días", "Buenos días"], true],
      [["Buenas tardes", "Buenas tardes"]],
      [["Buenas noches", "Buenas noches"]],
    ],
    ["'Buenos días' is used until midday.", "«Buenos días» se usa hasta el mediodía."],
  ),
  q(
    "multiple",
    ["Which two are ways to say goodbye?", "¿Cuáles dos son formas de despedirse?"],
    [
      [["Adiós", "Adiós"], true],
      [["Hola", "Hola"]],
      [["Hasta luego", "Hasta luego"], true],
      [["Gracias", "Gracias"]],
    ],
    [
      "'Adiós' and 'hasta luego' both close a conversation.",
      "«Adiós» y «hasta luego» cierran una conversación.",
    ],
  ),
  gaps(
    [
      "At night you say: buenas [[1]]. To a friend you say: [[2]].",
      "Por la noche dices: buenas [[1]]. A un amigo le dices: [[2]].",
    ],
    [
      {
        mode: "choose",
        options: [opt(["noches", "noches"], true), opt(["días", "días"]), opt(["tardes", "tardes"])],
      },
      { mode: "type", accepted_en: ["hola"], accepted_es: ["hola"] },
    ],
    [
      "'Buenas noches' is for the evening and night; 'hola' works with anyone.",
      "«Buenas noches» es para la noche; «hola» sirve con cualquiera.",
    ],
  ),
  links(
    ["Link each greeting to its time of day.", "Relaciona cada saludo con su momento del día."],
    [
      [
        ["Buenos días", "Buenos días"],
        ["Morning", "Mañana"],
      ],
      [
        ["Buenas tardes", "Buenas tardes"],
        ["Afternoon", "Tarde"],
      ],
      [
        ["Buenas noches", "Buenas noches"],
        ["Night", "Noche"],
      ],
    ],
    [
      "Días, tardes and noches follow the clock: morning, afternoon, night.",
      "Días, tardes y noches siguen el reloj: mañana, tarde y noche.",
    ],
    [["Midnight snack", "Tentempié"]],
  ),
];

const introductionsQuiz: QuestionInput[] = [
  gaps(
    ["Complete: Me [[1]] Ana. [[2]] de Madrid.", "Completa: Me [[1]] Ana. [[2]] de Madrid."],
    [
      {
        mode: "choose",
        options: [opt(["llamo", "llamo"], true), opt(["llama", "llama"]), opt(["llamas", "llamas"])],
      },
      { mode: "type", accepted_en: ["soy"], accepted_es: ["soy"] },
    ],
    [
      "'Me llamo' = my name is; 'soy de' = I am from.",
      "«Me llamo» presenta tu nombre; «soy de» dice de dónde eres.",
    ],
  ),
  q(
    "single",
    ["How do you ask someone's name informally?", "¿Cómo preguntas el nombre a alguien de manera informal?"],
    [
      [["¿Cómo te llamas?", "¿Cómo te llamas?"], true],
      [["¿Cómo se llama usted?", "¿Cómo se llama usted?"]],
      [["¿Dónde vives?", "¿Dónde vives?"]],
    ],
    ["'Te' is the informal form; 'usted' is formal.", "«Te» es la forma informal; «usted» es la formal."],
  ),
  links(
    ["Link each question to its answer.", "Relaciona cada pregunta con su respuesta."],
    [
      [
        ["¿Cómo te llamas?", "¿Cómo te llamas?"],
        ["Me llamo Leo.", "Me llamo Leo."],
      ],
      [
        ["¿De dónde eres?", "¿De dónde eres?"],
        ["Soy de Sevilla.", "Soy de Sevilla."],
      ],
      [
        ["¿Cuántos años tienes?", "¿Cuántos años tienes?"],
        ["Tengo veinte años.", "Tengo veinte años."],
      ],
    ],
    ["Each answer repeats the verb of its question.", "Cada respuesta repite el verbo de su pregunta."],
  ),
];

const variablesQuiz: QuestionInput[] = [
  q(
    "single",
    ["In 3x + 2, what is x?", "En 3x + 2, ¿qué es x?"],
    [
      [["A variable", "Una variable"], true],
      [["A constant", "Una constante"]],
      [["An exponent", "Un exponente"]],
    ],
    [
      "x stands for a number that can change: a variable.",
      "x representa un número que puede cambiar: una variable.",
    ],
  ),
  q(
    "multiple",
    [
      "Which two expressions equal 2x when x = 3?",
      "¿Qué dos expresiones valen lo mismo que 2x cuando x = 3?",
    ],
    [[["6", "6"], true], [["x + x", "x + x"], true], [["x²", "x²"]], [["5", "5"]]],
    ["2x = 2·3 = 6, and x + x is 2x.", "2x = 2·3 = 6, y x + x es 2x."],
  ),
  gaps(
    ["If x = 4, then x + 5 = [[1]].", "Si x = 4, entonces x + 5 = [[1]]."],
    [{ mode: "type", accepted_en: ["9", "nine"], accepted_es: ["9", "nueve"] }],
    ["Replace x by 4: 4 + 5 = 9.", "Sustituye x por 4: 4 + 5 = 9."],
  ),
  links(
    ["Link each phrase to its expression.", "Relaciona cada frase con su expresión."],
    [
      [
        ["Twice a number", "El doble de un número"],
        ["2n", "2n"],
      ],
      [
        ["A number plus three", "Un número más tres"],
        ["n + 3", "n + 3"],
      ],
      [
        ["Half a number", "La mitad de un número"],
        ["n / 2", "n / 2"],
      ],
    ],
    [
      "Translate word by word: twice = 2·, plus = +, half = ÷ 2.",
      "Traduce palabra a palabra: doble = 2·, más = +, mitad = ÷ 2.",
    ],
    [["n − 3", "n − 3"]],
  ),
];

const apertureQuiz: QuestionInput[] = [
  q(
    "single",
    [
      "Which aperture gives the shallowest depth of field?",
      "¿Qué apertura da la menor profundidad de campo?",
    ],
    [[["f/1.8", "f/1.8"], true], [["f/8", "f/8"]], [["f/16", "f/16"]]],
    [
      "A small f-number is a wide opening: less is in focus.",
      "Un número f pequeño es una apertura grande: menos zona enfocada.",
    ],
  ),
  q(
    "multiple",
    [
      "Which two settings make up the exposure triangle with aperture?",
      "¿Qué dos ajustes forman el triángulo de exposición con la apertura?",
    ],
    [
      [["Shutter speed", "Velocidad de obturación"], true],
      [["ISO", "ISO"], true],
      [["White balance", "Balance de blancos"]],
      [["Focal length", "Distancia focal"]],
    ],
    [
      "Aperture, shutter speed and ISO together set the exposure.",
      "Apertura, velocidad de obturación e ISO fijan juntas la exposición.",
    ],
  ),
  gaps(
    ["A wide aperture lets in [[1]] light.", "Una apertura grande deja pasar [[1]] luz."],
    [{ mode: "choose", options: [opt(["more", "más"], true), opt(["less", "menos"])] }],
    [
      "The wider the opening, the more light reaches the sensor.",
      "Cuanto mayor es la apertura, más luz llega al sensor.",
    ],
  ),
  links(
    ["Link each aperture to its typical use.", "Relaciona cada apertura con su uso típico."],
    [
      [
        ["f/1.8", "f/1.8"],
        ["Portrait with blurred background", "Retrato con fondo desenfocado"],
      ],
      [
        ["f/8", "f/8"],
        ["Street photography", "Fotografía callejera"],
      ],
      [
        ["f/16", "f/16"],
        ["Landscape, all sharp", "Paisaje, todo nítido"],
      ],
    ],
    [
      "Wider for isolation, narrower for depth.",
      "Más abierta para aislar, más cerrada para ganar profundidad.",
    ],
  ),
];

const moduleExam: QuestionInput[] = [
  ...greetingsQuiz.slice(0, 2),
  ...introductionsQuiz,
  q(
    "single",
    ["Which form do you use with an older stranger?", "¿Qué forma usas con una persona mayor desconocida?"],
    [[["Usted", "Usted"], true], [["Tú", "Tú"]], [["Vosotros", "Vosotros"]]],
    ["'Usted' is the polite form of you.", "«Usted» es la forma de cortesía."],
  ),
];

const levelExam: QuestionInput[] = [
  greetingsQuiz[3]!,
  introductionsQuiz[0]!,
  gaps(
    ["Numbers: 10 is [[1]], 20 is [[2]].", "Números: 10 es [[1]], 20 es [[2]]."],
    [
      { mode: "type", accepted_en: ["diez"], accepted_es: ["diez"] },
      {
        mode: "choose",
        options: [opt(["veinte", "veinte"], true), opt(["doce", "doce"]), opt(["dos", "dos"])],
      },
    ],
    ["Diez = 10, veinte = 20.", "Diez = 10, veinte = 20."],
  ),
  q(
    "single",
    ["How do you ask the time?", "¿Cómo preguntas la hora?"],
    [
      [["¿Qué hora es?", "¿Qué hora es?"], true],
      [["¿Cuánto es?", "¿Cuánto es?"]],
      [["¿Dónde está?", "¿Dónde está?"]],
    ],
    [
      "'¿Qué hora es?' literally asks which hour it is.",
      "«¿Qué hora es?» pregunta literalmente qué hora es.",
    ],
  ),
];

async function createQuiz(
  db: Db,
  owner: { kind: "lecture" | "module" | "level"; id: number; courseId: number },
  settings: {
    timeLimitSeconds: number;
    passMarkPercent: number;
    pricePence?: number;
    title?: T;
    instructions?: T;
  },
  questions: QuestionInput[],
): Promise<number> {
  const [row] = await db
    .insert(quizzes)
    .values({
      kind: owner.kind,
      lectureId: owner.kind === "lecture" ? owner.id : null,
      moduleId: owner.kind === "module" ? owner.id : null,
      levelId: owner.kind === "level" ? owner.id : null,
      courseId: owner.courseId,
      status: "published",
      isPaid: owner.kind !== "lecture",
      showCorrectAnswers: revealDefault(owner.kind),
      pricePence: settings.pricePence ?? 0,
      timeLimitSeconds: settings.timeLimitSeconds,
      passMarkPercent: settings.passMarkPercent,
      titleEn: settings.title?.[0] ?? "",
      titleEs: settings.title?.[1] ?? "",
      instructionsEn: settings.instructions?.[0] ?? "",
      instructionsEs: settings.instructions?.[1] ?? "",
    })
    .returning({ id: quizzes.id });
  const quizId = row!.id;
  for (const [position, input] of questions.entries()) {
    const { content, problems } = buildContent(input);
    if (Object.keys(problems).length) throw new Error(`seed question invalid: ${JSON.stringify(problems)}`);
    await db.insert(quizQuestions).values({
      quizId,
      position,
      type: input.type,
      textEn: input.text_en,
      textEs: input.text_es,
      explanationEn: input.explanation_en,
      explanationEs: input.explanation_es,
      content,
    });
  }
  await syncOwner(db, quizId);
  return quizId;
}

const lectureInstructions: T = [
  "Answer every question, then submit. You can retake this quiz as often as you like.",
  "Responde a todas las preguntas y entrega. Puedes repetir este cuestionario tantas veces como quieras.",
];
const examInstructions: T = [
  "The timer keeps running if you leave the page. Each purchase gives two attempts.",
  "El tiempo sigue corriendo aunque salgas de la página. Cada compra da dos intentos.",
];

export const seedQuizzes: Seeder = async ({ db }) => {
  const titles = await db
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.status, "published"))
    .orderBy(asc(courses.position), asc(courses.id));
  const lectureQuizzes = [greetingsQuiz, variablesQuiz, apertureQuiz];
  let firstQuiz: { quizId: number; lectureId: number; courseId: number } | null = null;
  let exam: number | null = null;
  for (const [index, title] of titles.entries()) {
    const outline = await readOutline(db, title.id);
    const [first, second] = outline.order.filter((l) => l.status === "published");
    if (!first) continue;
    const questions = lectureQuizzes[index % lectureQuizzes.length]!;
    const quizId = await createQuiz(
      db,
      { kind: "lecture", id: first.id, courseId: title.id },
      { timeLimitSeconds: 300, passMarkPercent: 70, instructions: lectureInstructions },
      questions,
    );
    if (index !== 0) continue;
    firstQuiz = { quizId, lectureId: first.id, courseId: title.id };
    if (second)
      await createQuiz(
        db,
        { kind: "lecture", id: second.id, courseId: title.id },
        { timeLimitSeconds: 240, passMarkPercent: 70, instructions: lectureInstructions },
        introductionsQuiz,
      );
    const level = outline.levels[0];
    const module = level?.modules[0];
    if (module)
      exam = await createQuiz(
        db,
        { kind: "module", id: module.id, courseId: title.id },
        { timeLimitSeconds: 600, passMarkPercent: 60, pricePence: 500, instructions: examInstructions },
        moduleExam,
      );
    if (level)
      await createQuiz(
        db,
        { kind: "level", id: level.id, courseId: title.id },
        { timeLimitSeconds: 900, passMarkPercent: 60, pricePence: 900, instructions: examInstructions },
        levelExam,
      );
  }

  const [ana] = await db.select({ id: users.id }).from(users).where(eq(users.username, "ana"));
  if (!ana) return;
  if (exam)
    await db
      .insert(examAccesses)
      .values({ userId: ana.id, quizId: exam, source: "admin", reason: "Demo account" });
  if (firstQuiz) await seedPassedAttempt(db, ana.id, firstQuiz);
};

/** ana completed the first lecture in the catalogue seed: she passed its quiz too. */
async function seedPassedAttempt(
  db: Db,
  userId: number,
  at: { quizId: number; lectureId: number; courseId: number },
) {
  const [progress] = await db
    .select({ completedAt: lectureProgress.completedAt })
    .from(lectureProgress)
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.lectureId, at.lectureId)));
  if (!progress?.completedAt) return;
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.quizId, at.quizId))
    .orderBy(asc(quizQuestions.position));
  const answers = Object.fromEntries(
    questions.map((question) => [String(question.id), correctAnswerOf(question, "en").answer]),
  );
  const graded = gradeAttempt(questions, answers, 70);
  const startedAt = new Date(progress.completedAt.getTime() - 4 * 60_000);
  const submittedAt = new Date(startedAt.getTime() + 150_000);
  await db.insert(quizAttempts).values({
    userId,
    quizId: at.quizId,
    questionIds: questions.map((question) => question.id),
    startedAt,
    deadlineAt: new Date(startedAt.getTime() + 300_000),
    submittedAt,
    status: "submitted",
    scorePercent: graded.scorePercent,
    points: graded.points,
    maxPoints: graded.maxPoints,
    passed: graded.passed,
    answers,
    results: graded.results,
  });
  await db
    .update(lectureProgress)
    .set({ quizPassedAt: submittedAt })
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.lectureId, at.lectureId)));
}
