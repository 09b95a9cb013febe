/** The attempt's clock with an accommodation: extra time shown, warnings, more time. */
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../test/render";
import { QuizTimer } from "./QuizTimer";

afterEach(() => vi.useRealTimers());

describe("QuizTimer", () => {
  it("shows the time left with the learner's extra time, and offers five more minutes", async () => {
    const more = vi.fn();
    await renderPage(
      <QuizTimer
        deadline={Date.now() + 900_000}
        onExpire={() => {}}
        factorPercent={150}
        extensionsLeft={2}
        onMoreTime={more}
      />,
      "/",
      { language: "es" },
    );
    expect((await screen.findByTestId("quiz-timer")).textContent).toMatch(/^1[45]:\d\d$/);
    expect(screen.getByTestId("quiz-extra-time").textContent).toContain("×1,5");
    // The Spanish texts may arrive a moment after the first render.
    expect(await screen.findByText("con tiempo adicional ×1,5")).toBeTruthy();
    await userEvent.click(await screen.findByRole("button", { name: "5 minutos más (quedan 2)" }));
    expect(more).toHaveBeenCalledOnce();
  });

  it("warns at two minutes and at thirty seconds, each once, in a live region", async () => {
    const start = Date.now();
    vi.useFakeTimers({ now: start, toFake: ["Date", "setInterval", "clearInterval"] });
    await renderPage(<QuizTimer deadline={start + 125_000} onExpire={() => {}} />, "/");
    const region = await screen.findByTestId("quiz-timer-warning");
    expect(region.getAttribute("aria-live")).toBe("assertive");
    expect(region.textContent).toBe("");
    await act(async () => vi.advanceTimersByTime(6_000));
    expect(region.textContent).toBe("Two minutes left.");
    await act(async () => vi.advanceTimersByTime(90_000));
    expect(region.textContent).toBe("Thirty seconds left.");
  });

  it("says there is no limit on an untimed attempt, and never expires it", async () => {
    const expire = vi.fn();
    await renderPage(<QuizTimer deadline={Date.now() - 1_000} onExpire={expire} timed={false} />, "/");
    expect((await screen.findByTestId("quiz-untimed")).textContent).toBe("No time limit");
    expect(expire).not.toHaveBeenCalled();
  });
});
