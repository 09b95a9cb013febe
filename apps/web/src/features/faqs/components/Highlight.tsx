import { highlightParts } from "../logic";

/** The text with the searched words marked. */
export function Highlight({ text, search }: { text: string; search: string }) {
  return (
    <>
      {highlightParts(text, search).map((part, i) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, in order
          <mark key={i} className="rounded-sm bg-warning-soft px-0.5 text-fg">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string, in order
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
