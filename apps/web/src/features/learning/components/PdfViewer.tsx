/**
 * The PDF viewer (pdf.js, loaded only by the pages that show an e-book): one page at a time on a
 * canvas sharp at the screen's pixel ratio, page navigation (buttons, page number, arrow keys),
 * zoom (fit to width or 50-300 %), and a callback when the page changes so it can be remembered.
 * Over the canvas lies pdf.js's text layer (transparent text at the glyphs' places), so the page's
 * words can be selected, found with the browser's search and read by screen readers (WCAG 1.1.1).
 * Previous/next stay focusable at the first and last page (aria-disabled), so focus never drops to
 * the page's start, and the page reached is announced.
 */

import { ChevronLeft, ChevronRight, Maximize2, ZoomIn, ZoomOut } from "lucide-react";
import type { PDFDocumentProxy, RenderTask, TextLayer } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import {
  type CSSProperties,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { ErrorState, IconButton, Spinner } from "../../../components/ui";
import { cn } from "../../../lib/cn";
import { clampPage, nextZoom, type Zoom } from "../ebook";
import "./textLayer.css";

/** Previous/next at the first/last page: dimmed but still focusable, so focus is not lost. */
const edgeClasses = "aria-disabled:cursor-not-allowed aria-disabled:opacity-50";

export function PdfViewer({
  url,
  initialPage = 1,
  onPageChange,
  start,
  className,
}: {
  url: string;
  initialPage?: number;
  onPageChange?: (page: number) => void;
  /** Toolbar content before the controls (a back link). */
  start?: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("learning");
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState(Math.max(1, initialPage));
  const [pageText, setPageText] = useState(String(Math.max(1, initialPage)));
  const [zoom, setZoom] = useState<Zoom>("fit");
  const [rendering, setRendering] = useState(true);
  const [width, setWidth] = useState(0);
  const stage = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const [cssScale, setCssScale] = useState(1);
  const onPageChangeRef = useRef(onPageChange);
  onPageChangeRef.current = onPageChange;

  // Load the document (pdf.js arrives with the first e-book opened).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let cancelled = false;
    let task: { destroy: () => Promise<void>; promise: Promise<PDFDocumentProxy> } | null = null;
    setFailed(false);
    setDoc(null);
    void (async () => {
      const pdfjs = await import("pdfjs-dist");
      pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
      task = pdfjs.getDocument({ url });
      const loaded = await task.promise;
      if (cancelled) return;
      setDoc(loaded);
      setPage((current) => clampPage(current, loaded.numPages));
    })().catch((error: unknown) => {
      if (!cancelled) {
        console.warn("pdf failed to load", error);
        setFailed(true);
      }
    });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url, attempt]);

  // The stage's width decides "fit to width".
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Render the page.
  useEffect(() => {
    if (!doc || !canvas.current || width === 0) return;
    let cancelled = false;
    let render: RenderTask | null = null;
    let text: TextLayer | null = null;
    setRendering(true);
    void (async () => {
      const [pdfPage, { TextLayer }] = await Promise.all([doc.getPage(page), import("pdfjs-dist")]);
      if (cancelled || !canvas.current) return;
      const natural = pdfPage.getViewport({ scale: 1 });
      const fitScale = Math.max(0.25, (width - 16) / natural.width);
      const scale = zoom === "fit" ? Math.min(fitScale, 2.5) : zoom;
      const ratio = window.devicePixelRatio || 1;
      const viewport = pdfPage.getViewport({ scale: scale * ratio });
      const element = canvas.current;
      element.width = Math.floor(viewport.width);
      element.height = Math.floor(viewport.height);
      element.style.width = `${Math.floor(viewport.width / ratio)}px`;
      element.style.height = `${Math.floor(viewport.height / ratio)}px`;
      render = pdfPage.render({ canvas: element, viewport });
      // The text layer is laid out in CSS pixels (the canvas's displayed size, not its backing store).
      const layer = textLayer.current;
      if (layer) {
        layer.replaceChildren();
        setCssScale(scale);
        text = new TextLayer({
          textContentSource: pdfPage.streamTextContent(),
          container: layer,
          viewport: pdfPage.getViewport({ scale }),
        });
      }
      await Promise.all([render.promise, text?.render()]);
      if (!cancelled) setRendering(false);
    })().catch((error: unknown) => {
      if ((error as { name?: string })?.name !== "RenderingCancelledException") console.warn(error);
    });
    return () => {
      cancelled = true;
      render?.cancel();
      text?.cancel();
    };
  }, [doc, page, zoom, width]);

  const pages = doc?.numPages ?? 0;
  const go = useCallback(
    (target: number) => {
      if (!pages) return;
      const next = clampPage(target, pages);
      if (next === page) return;
      setPage(next);
      setPageText(String(next));
      onPageChangeRef.current?.(next);
    },
    [pages, page],
  );

  useEffect(() => setPageText(String(page)), [page]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName)) return;
      if (event.key === "ArrowRight" || event.key === "PageDown") go(page + 1);
      else if (event.key === "ArrowLeft" || event.key === "PageUp") go(page - 1);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [go, page]);

  const percent = zoom === "fit" ? t("viewer.fit") : `${Math.round(zoom * 100)}%`;
  return (
    <div className={cn("flex min-h-0 flex-1 flex-col", className)}>
      <div
        role="toolbar"
        aria-label={t("viewer.toolbar")}
        className="sticky top-0 z-10 flex flex-wrap items-center gap-x-2 gap-y-1 border-b border-border bg-surface/95 px-2 py-1 backdrop-blur sm:px-4"
      >
        {start}
        <div className="flex items-center gap-1">
          <IconButton
            aria-label={t("viewer.previous")}
            icon={<ChevronLeft />}
            aria-disabled={!doc || page <= 1}
            className={edgeClasses}
            onClick={() => go(page - 1)}
            data-testid="pdf-previous"
          />
          <form
            className="flex items-center gap-1 text-sm text-fg-muted"
            onSubmit={(event) => {
              event.preventDefault();
              go(Number(pageText) || page);
            }}
          >
            <label htmlFor="pdf-page" className="sr-only">
              {t("viewer.page")}
            </label>
            <input
              id="pdf-page"
              inputMode="numeric"
              value={pageText}
              onChange={(event) => setPageText(event.target.value.replace(/\D/g, "").slice(0, 5))}
              onBlur={() => go(Number(pageText) || page)}
              className="h-9 w-12 rounded-md border border-border-strong bg-surface text-center text-fg tabular-nums focus-ring"
              data-testid="pdf-page"
            />
            <span aria-hidden="true">/</span>
            <span className="tabular-nums" data-testid="pdf-pages" aria-hidden="true">
              {pages || "…"}
            </span>
            {/* Announces the page reached by any control or key ("Page 2 of 5"). */}
            <span className="sr-only" role="status">
              {pages ? t("viewer.position", { page, count: pages }) : ""}
            </span>
          </form>
          <IconButton
            aria-label={t("viewer.next")}
            icon={<ChevronRight />}
            aria-disabled={!doc || page >= pages}
            className={edgeClasses}
            onClick={() => go(page + 1)}
            data-testid="pdf-next"
          />
        </div>
        <div className="ml-auto flex items-center gap-1">
          <IconButton
            aria-label={t("viewer.zoomOut")}
            icon={<ZoomOut />}
            onClick={() => setZoom((z) => nextZoom(z, -1))}
          />
          <span className="min-w-14 text-center text-sm text-fg-muted tabular-nums" aria-live="polite">
            {percent}
          </span>
          <IconButton
            aria-label={t("viewer.zoomIn")}
            icon={<ZoomIn />}
            onClick={() => setZoom((z) => nextZoom(z, 1))}
          />
          <IconButton
            aria-label={t("viewer.fitWidth")}
            icon={<Maximize2 />}
            aria-pressed={zoom === "fit"}
            onClick={() => setZoom("fit")}
          />
        </div>
      </div>
      <section
        ref={stage}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable page must be reachable by keyboard to scroll it
        tabIndex={0}
        // Names in the interface's words only: a computed name is one string read in one language, so a
        // title inside it would take the interface's voice; the page's heading gives the title in its own.
        aria-label={t("viewer.stage")}
        className="relative flex-1 overflow-auto bg-surface-muted p-2 focus-ring sm:p-4"
      >
        {failed ? (
          <ErrorState
            className="mx-auto max-w-md"
            message={t("viewer.failed")}
            retryLabel={t("retry")}
            onRetry={() => setAttempt((n) => n + 1)}
          />
        ) : (
          <>
            {(!doc || rendering) && (
              <div className="absolute inset-x-0 top-16 flex justify-center">
                <Spinner size="lg" label={t("viewer.loading")} className="text-primary" />
              </div>
            )}
            <div
              className={cn("relative mx-auto w-fit bg-white shadow-md", !doc && "invisible")}
              style={
                {
                  "--total-scale-factor": cssScale,
                  "--scale-round-x": "1px",
                  "--scale-round-y": "1px",
                } as CSSProperties
              }
            >
              <canvas
                ref={canvas}
                role="img"
                aria-label={t("viewer.pageImage", { page, count: pages })}
                data-testid="pdf-canvas"
                data-page={page}
                data-rendered={!rendering && doc ? "true" : "false"}
                className="block"
              />
              <div ref={textLayer} className="textLayer" data-testid="pdf-text" />
            </div>
          </>
        )}
      </section>
    </div>
  );
}
