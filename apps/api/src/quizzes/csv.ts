/**
 * A small RFC 4180 CSV reader: comma-separated fields, records ending in CRLF or LF, fields in
 * double quotes may hold commas, quotes (doubled) and line breaks. Each record carries the line
 * number it starts on, for the bulk-upload report. A UTF-8 byte order mark is ignored, and blank
 * lines are skipped.
 */
export type CsvRecord = { line: number; fields: string[] };
export type CsvProblem = { line: number; message: string };

export function parseCsv(input: string): { records: CsvRecord[]; problems: CsvProblem[] } {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const records: CsvRecord[] = [];
  const problems: CsvProblem[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false; // inside a quoted field
  let wasQuoted = false; // the current field started with a quote
  let line = 1;
  let recordLine = 1;
  let broken = false;

  const endField = () => {
    fields.push(field);
    field = "";
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    const blank = fields.length === 1 && fields[0] === "";
    if (!blank && !broken) records.push({ line: recordLine, fields });
    fields = [];
    broken = false;
  };

  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else {
          quoted = false;
          const next = text[i + 1];
          if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") {
            if (!broken) problems.push({ line: recordLine, message: "quizzes.csvQuoteInField" });
            broken = true;
          }
        }
      } else {
        if (ch === "\n") line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"') {
      if (field === "" && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
      } else {
        if (!broken) problems.push({ line: recordLine, message: "quizzes.csvQuoteInField" });
        broken = true;
      }
    } else if (ch === ",") {
      endField();
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += ch;
    }
  }
  if (quoted) {
    problems.push({ line: recordLine, message: "quizzes.csvUnclosedQuote" });
  } else if (field !== "" || fields.length > 0) {
    endRecord();
  }
  return { records, problems };
}
