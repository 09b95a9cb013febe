/**
 * Bulk upload of quiz questions from CSV (columns: see `quizCsvColumns` in the contract). Every
 * line is checked first; any problem answers a line-by-line report and imports NOTHING; otherwise
 * all questions go in one transaction (quizzes created as drafts where an owner has none).
 */
import {
  messageKey,
  type QuestionInput,
  type QuizKind,
  questionInput,
  quizCsvColumns,
  quizCsvRequired,
  quizLimits,
  quizPatch,
  revealDefault,
} from "@aprendo/contract";
import { eq, sql } from "drizzle-orm";
import { invalidateCatalog } from "../catalog/catalog-cache.service";
import type { Db } from "../db/client";
import { quizQuestions, quizzes } from "../db/schema/index";
import { transaction } from "../db/transaction";
import { findOwner, syncOwner } from "./authoring.service";
import { parseCsv } from "./csv";
import { buildContent } from "./quizzes.questions";

export type BulkProblem = { line: number; field: string; message: string };
type Column = (typeof quizCsvColumns)[number];
type Row = Record<Column, string>;
type Parsed = {
  line: number;
  owner: { kind: QuizKind; id: number };
  input: QuestionInput;
  settings: { time_limit_seconds?: number; pass_mark_percent?: number; price_pence?: number };
};

const split = (value: string, separator: string) => value.split(separator).map((v) => v.trim());

/** Where a schema issue of a question input points to, as a CSV column. */
function columnOf(path: ReadonlyArray<PropertyKey>): Column {
  const head = String(path[0] ?? "");
  const last = String(path[path.length - 1] ?? "");
  if (head === "text_en") return "question_en";
  if (head === "text_es") return "question_es";
  if (head === "explanation_en" || head === "explanation_es") return head;
  if (last === "correct") return "correct";
  return /_es$/.test(last) ? "options_es" : "options_en";
}

function toInput(row: Row, problem: (field: Column, message: string) => void): QuestionInput | null {
  const fail = (field: Column, message: string): null => {
    problem(field, message);
    return null;
  };
  const type = row.type.trim().toLowerCase();
  const base = {
    text_en: row.question_en,
    text_es: row.question_es,
    explanation_en: row.explanation_en ?? "",
    explanation_es: row.explanation_es ?? "",
  };
  if (type === "single" || type === "multiple") {
    const en = split(row.options_en, "|");
    const es = split(row.options_es, "|");
    if (en.length < quizLimits.optionsMin || en.length > quizLimits.optionsMax)
      return fail(
        "options_en",
        `quizzes.csvOptionCount?min=${quizLimits.optionsMin}&max=${quizLimits.optionsMax}`,
      );
    if (es.length !== en.length) return fail("options_es", "quizzes.csvSameCount");
    const numbers = split(row.correct, "|").map(Number);
    if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > en.length))
      return fail("correct", "quizzes.csvCorrectNumber");
    const options = en.map((text, i) => ({
      text_en: text,
      text_es: es[i]!,
      correct: numbers.includes(i + 1),
    }));
    return { type, ...base, options };
  }
  if (type === "missing_word") {
    const en = split(row.options_en, ";");
    const es = split(row.options_es, ";");
    const correct = split(row.correct, ";");
    if (es.length !== en.length) return fail("options_es", "quizzes.csvSameCount");
    if (correct.length !== en.length) return fail("correct", "quizzes.csvGapCount");
    const gaps: Extract<QuestionInput, { type: "missing_word" }>["gaps"] = [];
    for (const [i, c] of correct.entries()) {
      const choicesEn = split(en[i]!, "|");
      const choicesEs = split(es[i]!, "|");
      if (c.toLowerCase() === "type") {
        gaps.push({
          mode: "type",
          accepted_en: choicesEn.filter(Boolean),
          accepted_es: choicesEs.filter(Boolean),
        });
        continue;
      }
      const n = Number(c);
      if (choicesEs.length !== choicesEn.length) return fail("options_es", "quizzes.csvSameCount");
      if (!Number.isInteger(n) || n < 1 || n > choicesEn.length)
        return fail("correct", "quizzes.csvCorrectNumber");
      gaps.push({
        mode: "choose",
        options: choicesEn.map((text, j) => ({
          text_en: text,
          text_es: choicesEs[j]!,
          correct: j + 1 === n,
        })),
      });
    }
    return { type, ...base, gaps };
  }
  if (type === "word_linking") {
    if (row.correct.trim() !== "") return fail("correct", "quizzes.csvCorrectEmpty");
    const en = split(row.options_en, "|");
    const es = split(row.options_es, "|");
    if (es.length !== en.length) return fail("options_es", "quizzes.csvSameCount");
    const pairs: Extract<QuestionInput, { type: "word_linking" }>["pairs"] = [];
    const distractors: Array<{ text_en: string; text_es: string }> = [];
    for (const [i, itemEn] of en.entries()) {
      const itemEs = es[i]!;
      if (!itemEn.includes("=") || !itemEs.includes("=")) return fail("options_en", "quizzes.csvPair");
      const [leftEn, rightEn] = [
        itemEn.slice(0, itemEn.indexOf("=")).trim(),
        itemEn.slice(itemEn.indexOf("=") + 1).trim(),
      ];
      const [leftEs, rightEs] = [
        itemEs.slice(0, itemEs.indexOf("=")).trim(),
        itemEs.slice(itemEs.indexOf("=") + 1).trim(),
      ];
      if ((leftEn === "") !== (leftEs === "")) return fail("options_es", "quizzes.csvPair");
      if (leftEn === "") distractors.push({ text_en: rightEn, text_es: rightEs });
      else pairs.push({ left_en: leftEn, left_es: leftEs, right_en: rightEn, right_es: rightEs });
    }
    return { type, ...base, pairs, distractors };
  }
  problem("type", "quizzes.csvType");
  return null;
}

function numberField(value: string | undefined): number | undefined | null {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value.trim());
  return Number.isInteger(n) ? n : null;
}

/** Checks the whole file; returns the parsed lines, or every problem found. */
export async function checkCsv(db: Db, text: string): Promise<{ parsed: Parsed[]; problems: BulkProblem[] }> {
  const { records, problems: csvProblems } = parseCsv(text);
  const problems: BulkProblem[] = csvProblems.map((p) => ({
    line: p.line,
    field: "file",
    message: p.message,
  }));
  const [header, ...lines] = records;
  if (!header || lines.length === 0) {
    problems.push({ line: 1, field: "file", message: "quizzes.bulkEmpty" });
    return { parsed: [], problems };
  }
  if (records.length > quizLimits.bulkLinesMax + 1) {
    problems.push({
      line: 1,
      field: "file",
      message: `quizzes.bulkTooManyLines?max=${quizLimits.bulkLinesMax}`,
    });
    return { parsed: [], problems };
  }
  const names = header.fields.map((f) => f.trim().toLowerCase());
  for (const name of names)
    if (!(quizCsvColumns as readonly string[]).includes(name))
      problems.push({
        line: 1,
        field: name || "file",
        message: messageKey("quizzes.csvUnknownColumn", { column: name }),
      });
  for (const column of quizCsvRequired)
    if (!names.includes(column))
      problems.push({ line: 1, field: column, message: `quizzes.csvMissingColumn?column=${column}` });
  if (problems.some((p) => p.line === 1)) return { parsed: [], problems };

  const parsed: Parsed[] = [];
  for (const record of lines) {
    const problem = (field: string, message: string) => problems.push({ line: record.line, field, message });
    if (record.fields.length !== names.length) {
      problem("file", `quizzes.csvFieldCount?found=${record.fields.length}&expected=${names.length}`);
      continue;
    }
    const row = Object.fromEntries(quizCsvColumns.map((c) => [c, ""])) as Row;
    names.forEach((name, i) => {
      row[name as Column] = record.fields[i]!;
    });
    const before = problems.length;
    const ownerMatch = /^\s*(lecture|module|level)\s*:\s*(\d{1,9})\s*$/i.exec(row.owner);
    if (!ownerMatch) problem("owner", "quizzes.csvOwner");
    const settings: Parsed["settings"] = {};
    for (const column of ["time_limit_seconds", "pass_mark_percent", "price_pence"] as const) {
      const n = numberField(row[column]);
      if (n === null) problem(column, "quizzes.csvNumber");
      else if (n !== undefined) settings[column] = n;
    }
    const checked = quizPatch.safeParse(settings);
    if (!checked.success)
      for (const issue of checked.error.issues) problem(String(issue.path[0] ?? "file"), issue.message);
    const kind = ownerMatch?.[1]?.toLowerCase() as QuizKind | undefined;
    if (kind === "lecture" && (settings.price_pence ?? 0) > 0)
      problem("price_pence", "quizzes.lecturePriceless");

    const raw = toInput(row, problem);
    if (raw) {
      const result = questionInput.safeParse(raw);
      if (!result.success) {
        const seen = new Set<string>();
        for (const issue of result.error.issues) {
          const column = columnOf(issue.path);
          if (seen.has(column)) continue;
          seen.add(column);
          problem(column, issue.message);
        }
      } else {
        const { problems: rules } = buildContent(result.data);
        for (const [path, messages] of Object.entries(rules))
          problem(columnOf(path.split(".")), messages[0]!);
        if (problems.length === before && kind && ownerMatch)
          parsed.push({
            line: record.line,
            owner: { kind, id: Number(ownerMatch[2]) },
            input: result.data,
            settings,
          });
      }
    }
  }

  // Owners must exist (checked once per owner).
  const owners = new Map<string, { kind: QuizKind; id: number; lines: number[] }>();
  for (const p of parsed) {
    const key = `${p.owner.kind}:${p.owner.id}`;
    const entry = owners.get(key) ?? { ...p.owner, lines: [] };
    entry.lines.push(p.line);
    owners.set(key, entry);
  }
  for (const owner of owners.values())
    if (!(await findOwner(db, owner.kind, owner.id)))
      for (const line of owner.lines)
        problems.push({ line, field: "owner", message: "quizzes.ownerNotFound" });

  problems.sort((a, b) => a.line - b.line);
  return { parsed, problems };
}

/** Imports checked lines in one transaction; returns the counts. */
export async function importCsv(db: Db, parsed: Parsed[]) {
  const result = await transaction(db, async (tx) => {
    const quizIds = new Map<string, number>();
    let created = 0;
    for (const p of parsed) {
      const key = `${p.owner.kind}:${p.owner.id}`;
      let quizId = quizIds.get(key);
      if (quizId === undefined) {
        const { kind, id } = p.owner;
        const column =
          kind === "lecture" ? quizzes.lectureId : kind === "module" ? quizzes.moduleId : quizzes.levelId;
        const [existing] = await tx.select({ id: quizzes.id }).from(quizzes).where(eq(column, id));
        if (existing) quizId = existing.id;
        else {
          const owner = (await findOwner(tx, kind, id))!;
          const [row] = await tx
            .insert(quizzes)
            .values({
              kind,
              lectureId: kind === "lecture" ? id : null,
              moduleId: kind === "module" ? id : null,
              levelId: kind === "level" ? id : null,
              courseId: owner.courseId,
              isPaid: kind !== "lecture",
              showCorrectAnswers: revealDefault(kind),
              ...(p.settings.time_limit_seconds ? { timeLimitSeconds: p.settings.time_limit_seconds } : {}),
              ...(p.settings.pass_mark_percent ? { passMarkPercent: p.settings.pass_mark_percent } : {}),
              ...(p.settings.price_pence !== undefined ? { pricePence: p.settings.price_pence } : {}),
            })
            .returning({ id: quizzes.id });
          quizId = row!.id;
          created += 1;
        }
        quizIds.set(key, quizId);
      }
      const [max] = await tx
        .select({ max: sql<number>`coalesce(max(${quizQuestions.position}), -1)::int` })
        .from(quizQuestions)
        .where(eq(quizQuestions.quizId, quizId));
      const { content } = buildContent(p.input);
      await tx.insert(quizQuestions).values({
        quizId,
        position: (max?.max ?? -1) + 1,
        type: p.input.type,
        textEn: p.input.text_en,
        textEs: p.input.text_es,
        explanationEn: p.input.explanation_en,
        explanationEs: p.input.explanation_es,
        content,
      });
    }
    for (const quizId of quizIds.values()) await syncOwner(tx, quizId);
    return { imported: parsed.length, created, quizIds: [...quizIds.values()] };
  });
  invalidateCatalog(db);
  return result;
}
